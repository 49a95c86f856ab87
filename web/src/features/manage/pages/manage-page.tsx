import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { StatusMessage } from '@/components/ui/status-message';
import { buttonClasses } from '@/components/ui/button-styles';
import { ApiRequestError } from '@/lib/api';
import { apiErrorMessage } from '@/lib/api-error-message';
import { useDocumentMeta } from '@/lib/use-document-meta';
import { useManageOverview, useOpenManageSession } from '../api/manage-api';
import { ManageDashboard } from '../components/manage-dashboard';
import { RequestLinkForm } from '../components/request-link-form';
import { manageTexts as texts } from '../manage-texts';

function tokenFrom(search: string): string | null {
  const token = new URLSearchParams(search).get('token')?.trim();
  return token ? token : null;
}

/** A 4xx answer to the token: the link is spent, expired or unknown (5xx and network errors are not). */
const linkRefused = (error: unknown) => error instanceof ApiRequestError && error.status < 500;

function Centered({ children }: { children: ReactNode }) {
  return <div className="mx-auto max-w-xl px-4 py-24 text-center">{children}</div>;
}

/** A wait announced to screen readers: the link being spent, the overview on its way. */
function Waiting({ text }: { text: string }) {
  return (
    <Centered>
      <p role="status" className="text-lg text-slate-700">
        {text}
      </p>
    </Centered>
  );
}

/**
 * /manage: "Manage your giving" (docs/decisions/020). Opened from an e-mailed link
 * (`?token=…`), it spends the token at once for a session and drops it from the address bar;
 * with a session it shows the dashboard; without one, the form that e-mails a link.
 */
export function ManagePage() {
  const search = useSearch();
  const [path, navigate] = useLocation();
  // The token lives in state only: the address bar loses it at once (below).
  const [token] = useState(() => tokenFrom(search));
  const openSession = useOpenManageSession();
  const started = useRef(false);
  // Signing out replaces the dashboard with the form: focus goes to the form's heading then.
  const [signedOut, setSignedOut] = useState(false);
  const redeeming = token !== null && (openSession.isIdle || openSession.isPending);
  const overview = useManageOverview(!redeeming);

  useDocumentMeta({ title: texts.pageTitle });

  // A secret in the URL stays in the history and may leak through the Referer header and
  // analytics; replacing the entry keeps it out of both (the server also sends no-referrer).
  useEffect(() => {
    if (search) navigate(path, { replace: true });
  }, [search, path, navigate]);

  // Spent once, even when React runs effects twice in development.
  useEffect(() => {
    if (token === null || started.current) return;
    started.current = true;
    openSession.mutate({ token });
  }, [token, openSession]);

  if (redeeming) {
    return <Waiting text={texts.opening} />;
  }

  if (openSession.isError && !linkRefused(openSession.error)) {
    return (
      <Centered>
        <StatusMessage tone="error">{texts.loadFailed}</StatusMessage>
      </Centered>
    );
  }

  if (overview.isPending) {
    return <Waiting text={texts.loading} />;
  }

  if (overview.isError) {
    return (
      <Centered>
        <StatusMessage tone="error">{texts.loadFailed}</StatusMessage>
        <button type="button" onClick={() => void overview.refetch()} className={buttonClasses('secondary', 'mt-6')}>
          {texts.retry}
        </button>
      </Centered>
    );
  }

  if (overview.data === null) {
    const notice = openSession.isError
      ? (apiErrorMessage(openSession.error) ?? texts.linkInvalid)
      : openSession.isSuccess
        ? texts.sessionEnded
        : undefined;
    return <RequestLinkForm notice={notice} focusHeading={signedOut} />;
  }

  return <ManageDashboard overview={overview.data} onSignedOut={() => setSignedOut(true)} />;
}
