import { type FormEvent, useCallback, useEffect, useRef, useState } from 'react';

export type SingleSubmission = {
  /** True while a submission runs: the pending label and aria-busy. */
  pending: boolean;
  /**
   * The form's onSubmit around react-hook-form's `handleSubmit(fn)`: while a submission runs,
   * the event is ignored outright (no validation, no second request or charge).
   */
  onSubmit: (
    submit: (event: FormEvent<HTMLFormElement>) => Promise<void>,
  ) => (event: FormEvent<HTMLFormElement>) => void;
  /** Runs one submission; refused while another runs. */
  run: (work: () => Promise<void>) => Promise<void>;
  /** Whether the form is still on screen: after an await, navigate or toast only if it is. */
  isMounted: () => boolean;
};

/**
 * One submission at a time for a form (product rule: "a submit is ignored while processing"),
 * shared by every form that sends something: payments, registrations, applications, sign-in.
 */
export function useSingleSubmission(): SingleSubmission {
  const [pending, setPending] = useState(false);
  const running = useRef(false);
  const mounted = useRef(true);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const run = useCallback(async (work: () => Promise<void>) => {
    if (running.current) return;
    running.current = true;
    setPending(true);
    try {
      await work();
    } finally {
      running.current = false;
      if (mounted.current) setPending(false);
    }
  }, []);

  const onSubmit = useCallback(
    (submit: (event: FormEvent<HTMLFormElement>) => Promise<void>) => (event: FormEvent<HTMLFormElement>) => {
      if (running.current) {
        event.preventDefault();
        return;
      }
      void submit(event);
    },
    [],
  );

  const isMounted = useCallback(() => mounted.current, []);

  return { pending, onSubmit, run, isMounted };
}
