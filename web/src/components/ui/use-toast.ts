import { createContext, useCallback, useContext, useEffect, useMemo, useReducer, useRef } from 'react';

/** Product rule: one toast visible at a time… */
export const TOAST_LIMIT = 1;
/** …and a dismissed toast is removed from state after 1,000,000 ms. */
export const TOAST_REMOVE_DELAY = 1_000_000;

export type ToastVariant = 'default' | 'destructive';

export type ToastInput = { title: string; description?: string; variant?: ToastVariant };

export type ToastItem = ToastInput & { id: string; open: boolean };

export type ToastApi = {
  toasts: ToastItem[];
  /** Shows a toast, replacing the one on screen; returns its id. */
  toast: (input: ToastInput) => string;
  /** Closes one toast, or all of them without an id. */
  dismiss: (id?: string) => void;
};

type Action = { type: 'add'; toast: ToastItem } | { type: 'dismiss'; id?: string } | { type: 'remove'; id: string };

export function toastReducer(toasts: ToastItem[], action: Action): ToastItem[] {
  switch (action.type) {
    case 'add':
      return [action.toast, ...toasts].slice(0, TOAST_LIMIT);
    case 'dismiss':
      return toasts.map((item) => (action.id === undefined || item.id === action.id ? { ...item, open: false } : item));
    case 'remove':
      return toasts.filter((item) => item.id !== action.id);
  }
}

export const ToastContext = createContext<ToastApi | null>(null);

/** The toast API of the surrounding <ToastProvider>. */
export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast must be used inside <ToastProvider>');
  return api;
}

/** Toast state for one provider; dismissed toasts leave state after TOAST_REMOVE_DELAY. */
export function useToastState(): ToastApi {
  const [toasts, dispatch] = useReducer(toastReducer, []);
  const nextId = useRef(0);
  const removeTimers = useRef(new Map<string, number>());

  useEffect(() => {
    const timers = removeTimers.current;
    return () => {
      for (const timer of timers.values()) window.clearTimeout(timer);
      timers.clear();
    };
  }, []);

  const scheduleRemoval = useCallback((id: string) => {
    const timers = removeTimers.current;
    if (timers.has(id)) return;
    timers.set(
      id,
      window.setTimeout(() => {
        timers.delete(id);
        dispatch({ type: 'remove', id });
      }, TOAST_REMOVE_DELAY),
    );
  }, []);

  const toast = useCallback((input: ToastInput) => {
    nextId.current += 1;
    const id = String(nextId.current);
    dispatch({ type: 'add', toast: { variant: 'default', ...input, id, open: true } });
    return id;
  }, []);

  const dismiss = useCallback(
    (id?: string) => {
      dispatch({ type: 'dismiss', id });
      const ids = id === undefined ? toasts.map((item) => item.id) : [id];
      for (const each of ids) scheduleRemoval(each);
    },
    [toasts, scheduleRemoval],
  );

  return useMemo(() => ({ toasts, toast, dismiss }), [toasts, toast, dismiss]);
}
