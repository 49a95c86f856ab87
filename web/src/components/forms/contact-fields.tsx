import type { FieldErrors, FieldValues, Path, UseFormRegister } from 'react-hook-form';
import { TextField } from '@/components/ui/text-field';
import { cn } from '@/lib/cn';

/** The person fields every public form asks for. */
type ContactValues = { firstName: string; lastName: string; email: string; phone?: string | undefined };

export type ContactFieldLabels = { firstName: string; lastName: string; email: string; phone: string };

type ContactFieldsProps<T extends FieldValues & ContactValues> = {
  /** Prefix of the inputs' ids, unique on the page, e.g. 'membership' → 'membership-email'. */
  idPrefix: string;
  labels: ContactFieldLabels;
  register: UseFormRegister<T>;
  errors: FieldErrors<T>;
  /** Phone is required on payment and registration forms, optional on the membership ones. */
  phoneRequired?: boolean;
  /** False where no field must be filled in (an admin's profile): none is marked required. */
  markRequired?: boolean;
  className?: string;
};

const fields = [
  { name: 'firstName', suffix: 'first-name', type: 'text', autoComplete: 'given-name' },
  { name: 'lastName', suffix: 'last-name', type: 'text', autoComplete: 'family-name' },
  { name: 'email', suffix: 'email', type: 'email', autoComplete: 'email' },
  { name: 'phone', suffix: 'phone', type: 'tel', autoComplete: 'tel' },
] as const;

/**
 * First name, last name, e-mail and phone as labelled TextFields, two per row from small screens
 * up, each with its validation message announced. The form's schema decides what is valid.
 */
export function ContactFields<T extends FieldValues & ContactValues>({
  idPrefix,
  labels,
  register,
  errors,
  phoneRequired = true,
  markRequired = true,
  className,
}: ContactFieldsProps<T>) {
  return (
    <div className={cn('grid gap-4 sm:grid-cols-2', className)}>
      {fields.map((field) => {
        const message = errors[field.name]?.message;
        return (
          <TextField
            key={field.name}
            id={`${idPrefix}-${field.suffix}`}
            type={field.type}
            label={labels[field.name]}
            autoComplete={field.autoComplete}
            required={markRequired && (field.name !== 'phone' || phoneRequired)}
            error={typeof message === 'string' ? message : undefined}
            {...register(field.name as Path<T>)}
          />
        );
      })}
    </div>
  );
}
