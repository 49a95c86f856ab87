import type { ReactNode } from 'react';

type FieldShellProps = {
  id: string;
  label: string;
  /** Adds a visual asterisk; the control's own `required` attribute gives its meaning. */
  required?: boolean | undefined;
  /** The validation message, announced and tied to the control by `fieldErrorAria`. */
  error?: string | undefined;
  className?: string | undefined;
  /** The control itself, whose id is `id`. */
  children: ReactNode;
};

/** The id of a field's validation message. */
const errorIdOf = (id: string) => `${id}-error`;

/** Marks a control invalid and points it at its message while there is one. */
export function fieldErrorAria(id: string, error: string | undefined) {
  return {
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? errorIdOf(id) : undefined,
  } as const;
}

/** The label above a form control and its announced validation message below it. */
export function FieldShell({ id, label, required, error, className, children }: FieldShellProps) {
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-semibold text-navy-900">
        {label}
        {required ? (
          <span aria-hidden="true" className="text-crimson-600">
            {' '}
            *
          </span>
        ) : null}
      </label>
      {children}
      {error ? (
        <p id={errorIdOf(id)} role="alert" className="mt-1 text-sm text-crimson-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
