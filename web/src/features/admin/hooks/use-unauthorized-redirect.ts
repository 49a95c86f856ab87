import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { useLocation } from 'wouter';
import { currentUserQueryKey, isUnauthorized } from '@/lib/auth';

/**
 * A 401 from an admin call means the session has ended; the admin goes to /login.
 * The cached user is cleared first, so nothing still believes the admin is signed in.
 */
export function useSignOutOnUnauthorized(): (error: unknown) => boolean {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  return useCallback(
    (error: unknown) => {
      if (!isUnauthorized(error)) return false;
      queryClient.setQueryData(currentUserQueryKey, null);
      navigate('/login', { replace: true });
      return true;
    },
    [queryClient, navigate],
  );
}

/** Redirects to /login as soon as a query of the page fails with 401. */
export function useRedirectOnUnauthorized(error: unknown): void {
  const signOut = useSignOutOnUnauthorized();
  const unauthorized = isUnauthorized(error);
  useEffect(() => {
    if (unauthorized) signOut(error);
  }, [unauthorized, error, signOut]);
}
