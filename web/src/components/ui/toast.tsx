import { type ReactNode, Suspense, lazy } from 'react';
import { ToastContext, useToastState } from './use-toast';

// Radix's toast code loads with the first toast: most visits never show one, and the home page's
// initial JavaScript stays small.
const Toaster = lazy(() => import('./toaster').then((m) => ({ default: m.Toaster })));

/** Gives descendants `useToast()` and shows their toasts (one at a time, a product rule); mount once. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const api = useToastState();
  return (
    <ToastContext value={api}>
      {children}
      {api.toasts.length > 0 ? (
        <Suspense fallback={null}>
          <Toaster />
        </Suspense>
      ) : null}
    </ToastContext>
  );
}
