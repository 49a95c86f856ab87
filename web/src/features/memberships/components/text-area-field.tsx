import type { ComponentProps } from 'react';
import { FieldShell, fieldErrorAria } from '@/components/ui/field-shell';

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
  return (
    <FieldShell id={id} label={label} error={error} className={className}>
      <textarea id={id} rows={rows} {...fieldErrorAria(id, error)} className={textAreaClasses} {...textarea} />
    </FieldShell>
  );
}
