import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createQueryClient } from '@/lib/query-client';
import { readPublicConfig } from '@/lib/public-config';
import { App } from './app';
import '../styles.css';

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html must contain <div id="root">');

const config = readPublicConfig();
document.title = config.orgName;

createRoot(rootElement).render(
  <StrictMode>
    <App queryClient={createQueryClient()} config={config} />
  </StrictMode>,
);
