import type { ReactNode } from 'react';
import { QueryLoadError } from './admin-load-error';
import { AdminEmpty, AdminLoading } from './admin-page';

type ListQuery = { isPending: boolean; isError: boolean; error: unknown; isFetching: boolean; refetch: () => unknown };

type ListStatesProps = {
  query: ListQuery;
  /** How many rows are at hand: a failed refresh keeps those in view. */
  count: number;
  loading: string;
  /** The failure's sentence, given the error's description. */
  loadError: string;
  empty: string;
  children: ReactNode;
};

/** A list page's body: loading, its load failure (with Try again), empty, or the rows. */
export function ListStates({ query, count, loading, loadError, empty, children }: ListStatesProps) {
  if (query.isPending) return <AdminLoading text={loading} />;
  if (query.isError && count === 0) {
    return <QueryLoadError text={loadError} query={query} />;
  }
  if (count === 0) return <AdminEmpty text={empty} />;
  return <>{children}</>;
}
