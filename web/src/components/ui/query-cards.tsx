import type { UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, Suspense } from 'react';
import { CardPlaceholders, type CardPlaceholdersProps } from './card-placeholder';
import { StatusMessage } from './status-message';

export type QueryCardsProps<T> = {
  query: UseQueryResult<T[]>;
  texts: { loading: string; loadError: string; empty: string };
  /** The placeholder cards' layout; their label is `texts.loading`. */
  placeholders: Omit<CardPlaceholdersProps, 'label' | 'controls'>;
  /** The cards, typically lazily loaded slides. */
  children: (items: T[]) => ReactNode;
};

/**
 * A list drawn as cards once its query answers: placeholder cards while the request or the
 * cards' code is on its way, the load error or the empty message otherwise. The placeholders
 * keep the controls row unless the list is known to hold one card (a carousel of one has none).
 */
export function QueryCards<T>({ query, texts, placeholders: layout, children }: QueryCardsProps<T>) {
  const placeholders = (
    <CardPlaceholders {...layout} label={texts.loading} controls={query.data === undefined || query.data.length > 1} />
  );

  if (query.isPending) return placeholders;
  if (query.isError) return <StatusMessage tone="error">{texts.loadError}</StatusMessage>;
  if (query.data.length === 0) return <StatusMessage tone="info">{texts.empty}</StatusMessage>;

  return <Suspense fallback={placeholders}>{children(query.data)}</Suspense>;
}
