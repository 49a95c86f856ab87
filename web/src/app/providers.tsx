import type { PublicConfig } from '@pillars/contracts';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { type BaseLocationHook, type BaseSearchHook, Router } from 'wouter';
import { ToastProvider } from '@/components/ui/toast';
import { PublicConfigContext } from '@/lib/use-public-config';

export type AppProvidersProps = {
  queryClient: QueryClient;
  config: PublicConfig;
  /** Tests pass a memory location; the browser uses the address bar. */
  location?: { hook: BaseLocationHook; searchHook: BaseSearchHook };
  children: ReactNode;
};

export function AppProviders({ queryClient, config, location, children }: AppProvidersProps) {
  const content = (
    <QueryClientProvider client={queryClient}>
      <PublicConfigContext value={config}>
        <ToastProvider>{children}</ToastProvider>
      </PublicConfigContext>
    </QueryClientProvider>
  );
  return location ? (
    <Router hook={location.hook} searchHook={location.searchHook}>
      {content}
    </Router>
  ) : (
    content
  );
}
