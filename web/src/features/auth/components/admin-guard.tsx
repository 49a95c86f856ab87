import type { ReactNode } from 'react';
import { Redirect } from 'wouter';
import { buttonClasses } from '@/components/ui/button-styles';
import { StatusMessage } from '@/components/ui/status-message';
import { isUnauthorized, useCurrentUser } from '@/lib/auth';
import { adminGuardTexts } from '../auth-texts';

/**
 * Admin pages only for a signed-in admin. While GET /api/auth/me runs it says so;
 * signed out (the API answers 401, which the query turns into null) goes to /login.
 */
export function AdminGuard({ children }: { children: ReactNode }) {
  const { data: user, isPending, error, refetch, isFetching } = useCurrentUser();

  if (isPending) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-16 text-center">
        <p role="status" className="text-lg text-slate-700">
          {adminGuardTexts.checking}
        </p>
      </div>
    );
  }

  if (user === null || isUnauthorized(error)) return <Redirect to="/login" replace />;

  // Any other failure (server down, network) is not a sign-out: say so and offer a retry rather
  // than showing admin pages to someone whose session could not be checked.
  if (!user) {
    return (
      <div className="mx-auto max-w-3xl space-y-4 px-4 py-16 text-center">
        <StatusMessage tone="error">{adminGuardTexts.failed}</StatusMessage>
        <button
          type="button"
          aria-disabled={isFetching}
          onClick={() => {
            if (!isFetching) void refetch();
          }}
          className={buttonClasses('secondary')}
        >
          {adminGuardTexts.retry}
        </button>
      </div>
    );
  }

  return children;
}
