import type { ComponentProps } from 'react';

type TextFieldProps = Omit<ComponentProps<'input'>, 'id'> & {
  id: string;
  label: string;
  /** The validation message; marks the input invalid and is announced. */
  error?: string;
};

export const inputClasses =
  'mt-1 block min-h-11 w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base text-navy-900 placeholder:text-slate-400 aria-[invalid=true]:border-crimson-600';

/** A labelled input; `required` adds a visual asterisk (the attribute gives its meaning). */
export function TextField({ id, label, error, required, className, ...input }: TextFieldProps) {
  const errorId = `${id}-error`;
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
      <input
        id={id}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className={inputClasses}
        {...input}
      />
      {error ? (
        <p id={errorId} role="alert" className="mt-1 text-sm text-crimson-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
