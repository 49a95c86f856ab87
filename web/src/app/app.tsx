import { SiteLayout } from '@/components/layout/site-layout';
import { useReplayEarlyClick } from '@/lib/early-click';
import { AppProviders, type AppProvidersProps } from './providers';
import { AppRouter } from './router';

export function App(props: Omit<AppProvidersProps, 'children'>) {
  // The root's effect runs once the whole page has hydrated.
  useReplayEarlyClick();
  return (
    <AppProviders {...props}>
      <SiteLayout>
        <AppRouter />
      </SiteLayout>
    </AppProviders>
  );
}
