import type { PublicConfig } from '@pillars/contracts';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { memoryLocation } from 'wouter/memory-location';
import { AppProviders } from '@/app/providers';
import { defaultPublicConfig } from '@/lib/public-config';
import { createQueryClient } from '@/lib/query-client';

type Options = { path?: string; config?: Partial<PublicConfig> };

/** Renders with the app's real providers: a fresh QueryClient and an in-memory location. */
export function renderWithProviders(ui: ReactElement, { path = '/', config }: Options = {}) {
  const queryClient = createQueryClient();
  const location = memoryLocation({ path, record: true });
  const result = render(
    <AppProviders
      queryClient={queryClient}
      config={{ ...defaultPublicConfig, ...config }}
      location={{ hook: location.hook, searchHook: location.searchHook }}
    >
      {ui}
    </AppProviders>,
  );
  return { ...result, queryClient, location };
}

/**
 * `ui` inside a section with the id `sectionId`, as its page draws it: a part that loads as its
 * section nears the viewport (`lazyNearViewport`) finds the section it waits for.
 */
export function renderInSection(sectionId: string, ui: ReactElement, options?: Options) {
  return renderWithProviders(<section id={sectionId}>{ui}</section>, options);
}
