import type { FieldErrors, FieldValues, Path, UseFormRegister } from 'react-hook-form';
import { type ContactFieldLabels, ContactFields } from '@/components/forms/contact-fields';
import { TextAreaField } from './text-area-field';

/** What both membership forms ask of an applicant: name, e-mail, an optional phone and a message. */
type ApplicantValues = { firstName: string; lastName: string; email: string; phone?: string; message?: string };

type ApplicantFieldsProps<T extends FieldValues & ApplicantValues> = {
  /** Prefix of the inputs' ids, e.g. 'membership' → 'membership-email', 'membership-message'. */
  idPrefix: string;
  labels: Omit<ContactFieldLabels, 'phone'> & { phoneOptional: string };
  messageLabel: string;
  register: UseFormRegister<T>;
  errors: FieldErrors<T>;
};

/** The contact fields (phone optional) and the message box of the membership and interest forms. */
export function ApplicantFields<T extends FieldValues & ApplicantValues>({
  idPrefix,
  labels,
  messageLabel,
  register,
  errors,
}: ApplicantFieldsProps<T>) {
  const message = errors.message?.message;
  return (
    <>
      <ContactFields
        idPrefix={idPrefix}
        labels={{ ...labels, phone: labels.phoneOptional }}
        register={register}
        errors={errors}
        phoneRequired={false}
      />
      <TextAreaField
        id={`${idPrefix}-message`}
        label={messageLabel}
        error={typeof message === 'string' ? message : undefined}
        {...register('message' as Path<T>)}
      />
    </>
  );
}
