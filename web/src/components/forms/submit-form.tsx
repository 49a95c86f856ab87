import type { ComponentProps, FormEvent, ReactNode } from 'react';
import { type ButtonVariant, buttonClasses } from '@/components/ui/button-styles';
import type { SingleSubmission } from '@/lib/use-single-submission';
import { HydratedForm } from './hydrated-form';

type SubmitFormProps = Omit<ComponentProps<'form'>, 'onSubmit' | 'noValidate' | 'aria-label' | 'aria-busy'> & {
  /** The form's accessible name. */
  label: string;
  /** The form's one-at-a-time submission: busy while it runs, a second submit ignored. */
  submission: SingleSubmission;
  /** react-hook-form's `handleSubmit(onValid)`. */
  onSubmit: (event: FormEvent<HTMLFormElement>) => Promise<void>;
  /** A form of a server-rendered page: its controls wait for hydration (HydratedForm). */
  hydrate?: boolean;
};

/**
 * A named form that validates with its schema rather than the browser's bubbles (noValidate), and
 * tells assistive tech it is busy while its submission runs.
 */
export function SubmitForm({ label, submission, onSubmit, hydrate = false, ...form }: SubmitFormProps) {
  const Form = hydrate ? HydratedForm : 'form';
  return (
    <Form
      noValidate
      aria-label={label}
      aria-busy={submission.pending}
      {...form}
      onSubmit={submission.onSubmit(onSubmit)}
    />
  );
}

type SubmitButtonProps = {
  /** A submission runs: the button reads `busyLabel` and cannot be pressed. */
  busy: boolean;
  busyLabel: string;
  /** The button cannot be pressed for another reason (e.g. the card fields are loading). */
  unavailable?: boolean;
  variant: ButtonVariant;
  className: string;
  children: ReactNode;
};

/**
 * The form's submit button. It stays focusable while it cannot be pressed (aria-disabled), so a
 * keyboard user is not thrown out of the form mid-submission.
 */
export function SubmitButton({
  busy,
  busyLabel,
  unavailable = false,
  variant,
  className,
  children,
}: SubmitButtonProps) {
  return (
    <button type="submit" aria-disabled={busy || unavailable} className={buttonClasses(variant, className)}>
      {busy ? busyLabel : children}
    </button>
  );
}

type PayButtonProps = {
  busy: boolean;
  busyLabel: string;
  /** The card fields' loading label while they load (the button waits and says why); null once ready. */
  loadingLabel: string | null;
  /** What the button reads once the card fields are ready, e.g. the amount to pay. */
  children: ReactNode;
};

/**
 * A card form's submit button. aria-disabled, not disabled, while the card fields load: it stays
 * in the tab order and says why it waits.
 */
export function PayButton({ busy, busyLabel, loadingLabel, children }: PayButtonProps) {
  return (
    <SubmitButton
      busy={busy}
      busyLabel={busyLabel}
      unavailable={loadingLabel !== null}
      variant="primary"
      className="w-full text-lg aria-disabled:cursor-not-allowed aria-disabled:opacity-60"
    >
      {loadingLabel ?? children}
    </SubmitButton>
  );
}
