import { SiteLayout } from '@/components/layout/site-layout';
import { AppProviders, type AppProvidersProps } from './providers';
import { AppRouter } from './router';

export function App(props: Omit<AppProvidersProps, 'children'>) {
  return (
    <AppProviders {...props}>
      <SiteLayout>
        <AppRouter />
      </SiteLayout>
    </AppProviders>
  );
}
