import type { ReactNode } from 'react';
import { adminTexts } from '../admin-texts';
import type { AnyRecordList, useRecordPages } from '../api/record-lists';
import { describeError } from '../lib/format';
import type { RecordListView } from '../lib/record-list-views';
import { QueryLoadError } from './admin-load-error';
import { AdminEmpty, AdminLoading } from './admin-page';
import { DetailPager, pagerStateOf } from './detail-pager';
import { RecordCards } from './record-card';

type RecordPagesProps = {
  list: AnyRecordList;
  view: RecordListView;
  query: ReturnType<typeof useRecordPages>;
  /** The cards' list label. */
  label: string;
  /** Inside a group: a lighter frame, and no pager while one page holds every row. */
  grouped: boolean;
};

/** The list (or its groups) failed to load: the list's sentence, what to do, and "Try again". */
export function RecordListLoadError({
  view,
  query,
}: {
  view: RecordListView;
  query: { error: unknown; refetch: () => Promise<unknown>; isFetching: boolean };
}) {
  return (
    <QueryLoadError
      text={view.errorLoading(describeError(query.error))}
      hint={adminTexts.loadFailedHint(view.what)}
      query={query}
    />
  );
}

/**
 * A record list's rows as the pages arrive: loading, the load failure with "Try again", nothing yet,
 * or the cards with "Show N more" under them.
 */
export function RecordPages({ list, view, query, label, grouped }: RecordPagesProps) {
  const first = query.data?.pages[0];
  const rows = query.data?.pages.flatMap((page) => page.data) ?? [];
  const frame = (content: ReactNode, className = 'mt-4') =>
    grouped ? <div className={className}>{content}</div> : content;
  if (query.isPending) return frame(<AdminLoading text={view.loading} />);
  if (!first) {
    return frame(<RecordListLoadError view={view} query={query} />);
  }
  if (!grouped && rows.length === 0) return <AdminEmpty text={view.empty} />;
  const paged = !grouped || query.hasNextPage || (query.data?.pages.length ?? 0) > 1;
  return frame(
    <>
      <RecordCards list={list} rows={rows} label={label} grouped={grouped} />
      {paged ? (
        <DetailPager
          shown={rows.length}
          total={first.total}
          pageSize={list.page.defaultLimit}
          {...pagerStateOf(query)}
          what={view.what}
        />
      ) : null}
    </>,
    'mt-4 space-y-4',
  );
}
