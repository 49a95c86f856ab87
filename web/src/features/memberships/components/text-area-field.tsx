import type { ComponentProps } from 'react';

type TextAreaFieldProps = Omit<ComponentProps<'textarea'>, 'id'> & {
  id: string;
  label: string;
  /** The validation message; marks the field invalid and is announced. */
  error?: string;
};

const textAreaClasses =
  'mt-1 block min-h-28 w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base text-navy-900 placeholder:text-slate-500 aria-[invalid=true]:border-crimson-600';

/** A labelled multi-line input, the textarea twin of the shared TextField. */
export function TextAreaField({ id, label, error, className, rows = 4, ...textarea }: TextAreaFieldProps) {
  const errorId = `${id}-error`;
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-semibold text-navy-900">
        {label}
      </label>
      <textarea
        id={id}
        rows={rows}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className={textAreaClasses}
        {...textarea}
      />
      {error ? (
        <p id={errorId} role="alert" className="mt-1 text-sm text-crimson-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
