import { RotateCw } from 'lucide-react';
import { adminTexts } from '../admin-texts';
import { InvalidResponseError } from '../api/admin-query';
import { technicalDetails } from '../lib/format';
import { outlineButton } from './admin-styles';

type AdminLoadErrorProps = {
  /** The page's sentence for the failure, verbatim (e.g. "Error loading contributors: 500: …"). */
  text: string;
  /** What a person can do about it, e.g. adminTexts.loadFailedHint('the contributors'). */
  hint?: string;
  /** The failure itself: its status and raw answer go under "Technical details", out of the way. */
  error?: unknown;
  /** Loads again; without it there is no "Try again" button (e.g. nothing to retry). */
  onRetry?: () => void;
  /** A retry is on its way: the button waits. */
  retrying?: boolean;
};

/**
 * Every admin load failure: the page's sentence announced at once, what to do next, a "Try again"
 * button, and the technical details in a disclosure for those who want them (the raw answer is
 * noise to most readers but what a developer needs).
 */
export function AdminLoadError({ text, hint, error, onRetry, retrying = false }: AdminLoadErrorProps) {
  const details = error === undefined ? null : technicalDetails(error);
  // A wrong-shaped answer is a server or version mismatch, not the reader's connection: no hint to check it.
  const shownHint = error instanceof InvalidResponseError ? undefined : hint;
  return (
    <div className="space-y-3 rounded-md border border-crimson-600/30 bg-crimson-50 px-5 py-4 text-crimson-800">
      <div role="alert" className="space-y-1">
        <p className="font-semibold break-words">{text}</p>
        {shownHint ? <p>{shownHint}</p> : null}
      </div>
      {onRetry ? (
        <button type="button" onClick={onRetry} disabled={retrying} className={outlineButton()}>
          <RotateCw aria-hidden="true" className="size-4" />
          {retrying ? adminTexts.retrying : adminTexts.tryAgain}
        </button>
      ) : null}
      {details ? (
        <details className="text-sm">
          <summary className="inline-flex min-h-11 cursor-pointer items-center rounded-sm font-semibold">
            {adminTexts.technicalDetails}
          </summary>
          <pre className="mt-1 rounded-sm border border-crimson-600/20 bg-white px-3 py-2 font-mono text-xs whitespace-pre-wrap text-slate-800 [overflow-wrap:anywhere]">
            {details}
          </pre>
        </details>
      ) : null}
    </div>
  );
}

/** What a load failure needs of a TanStack query: its error, whether it is loading again, and how to. */
export type RetryableQuery = { error: unknown; isFetching: boolean; refetch: () => unknown };

/** A query's load failure: its error's details, and "Try again" loads it again. */
export function QueryLoadError({
  query,
  ...props
}: Pick<AdminLoadErrorProps, 'text' | 'hint'> & { query: RetryableQuery }) {
  return (
    <AdminLoadError {...props} error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />
  );
}
