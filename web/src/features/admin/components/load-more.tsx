import type { ReactNode, Ref } from 'react';
import { adminTexts } from '../admin-texts';
import { outlineButton } from './admin-styles';

type LoadMoreProps = {
  query: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => Promise<unknown> };
  /** The sentence that replaces the button once the last page is in ('End of the log: 42 entries.'). */
  end: ReactNode;
  /** Called as the button is pressed, before the next page is asked for. */
  onLoadMore?: () => void;
  /** Given, the end sentence can take focus (a page moves focus there when the button it replaces goes away). */
  endRef?: Ref<HTMLParagraphElement>;
};

/** A paged list's foot, announced as it changes: 'Load more' while pages remain, then how many were listed. */
export function LoadMore({ query, end, onLoadMore, endRef }: LoadMoreProps) {
  return (
    <div aria-live="polite" className="flex flex-wrap items-center gap-3 text-sm text-slate-700">
      {query.hasNextPage ? (
        <button
          type="button"
          className={outlineButton()}
          disabled={query.isFetchingNextPage}
          onClick={() => {
            onLoadMore?.();
            void query.fetchNextPage();
          }}
        >
          {query.isFetchingNextPage ? adminTexts.loadingMore : adminTexts.loadMore}
        </button>
      ) : endRef ? (
        <p ref={endRef} tabIndex={-1}>
          {end}
        </p>
      ) : (
        <p>{end}</p>
      )}
    </div>
  );
}
