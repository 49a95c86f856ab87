import { useEffect, useRef } from 'react';
import { adminTexts } from '../admin-texts';
import { describeError } from '../lib/format';
import { AdminLoadError } from './admin-load-error';
import { outlineButton } from './admin-styles';

type DetailPagerProps = {
  /** Rows shown so far. */
  shown: number;
  /** Rows in the whole list. */
  total: number;
  /** The rows of the next page, at most. */
  pageSize: number;
  hasMore: boolean;
  loading: boolean;
  /** The next page failed to load (the rows shown stay). */
  error: unknown;
  onMore: () => void;
  /** What the list is, for the error's hint, e.g. 'the contributors'. */
  what: string;
};

/** The pager's part that follows the list's infinite query: whether more follow, loading, the error. */
export function pagerStateOf(query: {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  error: unknown;
  fetchNextPage: () => Promise<unknown>;
}): Pick<DetailPagerProps, 'hasMore' | 'loading' | 'error' | 'onMore'> {
  return {
    hasMore: query.hasNextPage,
    loading: query.isFetchingNextPage,
    error: query.isFetchNextPageError ? query.error : null,
    onMore: () => void query.fetchNextPage(),
  };
}

/**
 * Under a paged list: how much of it is shown, announced as it grows, and "Show N more" for the
 * next page. A native button, so it is reached with Tab and pressed with Enter or Space; it keeps
 * the focus while the rows arrive above it, so the next press loads the page after. When the last
 * page has come the button goes, and the focus it had moves to the count, not to the page's start.
 */
export function DetailPager({ shown, total, pageSize, hasMore, loading, error, onMore, what }: DetailPagerProps) {
  const statusRef = useRef<HTMLParagraphElement>(null);
  const pressed = useRef(false);
  useEffect(() => {
    if (hasMore || !pressed.current) return;
    pressed.current = false;
    statusRef.current?.focus();
  }, [hasMore]);
  return (
    <div className="flex flex-col items-center gap-3">
      <p ref={statusRef} tabIndex={-1} role="status" className="text-sm text-slate-700">
        {adminTexts.shownOf(shown, total)}
      </p>
      {error ? (
        <AdminLoadError
          text={adminTexts.errorLoadingMore(describeError(error))}
          hint={adminTexts.loadFailedHint(what)}
          error={error}
          onRetry={onMore}
          retrying={loading}
        />
      ) : hasMore ? (
        <button
          type="button"
          onClick={() => {
            pressed.current = true;
            onMore();
          }}
          disabled={loading}
          className={outlineButton()}
        >
          {loading ? adminTexts.loadingMore : adminTexts.showMore(Math.max(1, Math.min(pageSize, total - shown)))}
        </button>
      ) : null}
    </div>
  );
}
