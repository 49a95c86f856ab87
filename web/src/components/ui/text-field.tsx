import type { ComponentProps } from 'react';
import { FieldShell, fieldErrorAria } from './field-shell';

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
  return (
    <FieldShell id={id} label={label} required={required} error={error} className={className}>
      <input id={id} required={required} {...fieldErrorAria(id, error)} className={inputClasses} {...input} />
    </FieldShell>
  );
}
