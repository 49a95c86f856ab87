import type { MembershipForm as MembershipFormValues } from '@pillars/contracts';
import { Lock } from 'lucide-react';
import { type Control, type FieldErrors, useController, useForm } from 'react-hook-form';
import { usePublicConfig } from '@/lib/use-public-config';
import type { MembershipCardPayment } from '../membership-payment';
import { membershipTexts } from '../memberships-texts';
import { MEMBERSHIP_SUCCESS_PATH } from '@/lib/paths';
import { loadCode } from '@/lib/load-code';
import { ApplicantFields } from './applicant-fields';
import { WaiverSection } from './waiver-section';
import { useCardCheckout } from '@/lib/use-card-checkout';
import { lazyResolver } from '@/components/forms/lazy-resolver';
import { PayButton, SubmitForm } from '@/components/forms/submit-form';

/** The form's rules, loaded as the visitor starts on the form (docs/decisions/038). */
const resolver = lazyResolver<MembershipFormValues>(() =>
  import('./membership-form-resolver').then((module) => module.membershipFormResolver),
);

const defaultValues: MembershipFormValues = {
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  message: '',
  paymentMethod: 'card',
  waiverAccepted: false,
};

/**
 * The waiver as a form field. Its own component so it registers after the text inputs: on a
 * failed submit react-hook-form focuses the first invalid field in registration order, and the
 * names come before the waiver on screen.
 */
function WaiverField({ control }: { control: Control<MembershipFormValues> }) {
  const { field, fieldState } = useController({ control, name: 'waiverAccepted' });
  return (
    <WaiverSection
      accepted={field.value}
      onAcceptedChange={field.onChange}
      error={fieldState.error?.message}
      buttonRef={field.ref}
    />
  );
}

/** The rejection's message (an Error or a plain string); without one, the membership fallback shows. */
function failureMessage(error: unknown): string | undefined {
  if (error instanceof Error && error.message) return error.message;
  if (typeof error === 'string' && error) return error;
  return undefined;
}

const contactLink = 'font-semibold break-words text-crimson-700 underline hover:text-crimson-800';

/**
 * Details, waiver and card, then idle → processing →
 * /success?type=membership, or a toast and back to idle with the values kept. Nothing is paid
 * without an accepted waiver, and a submit while processing is ignored.
 */
export function MembershipForm({ payment }: { payment: MembershipCardPayment }) {
  const { orgName, contactEmail, contactPhone } = usePublicConfig();
  const { toast, submission, checkout } = useCardCheckout(membershipTexts, failureMessage);
  const processing = submission.pending;
  const {
    register,
    handleSubmit,
    control,
    formState: { errors },
  } = useForm<MembershipFormValues>({ resolver, defaultValues });

  const invalid = (fieldErrors: FieldErrors<MembershipFormValues>) => {
    if (fieldErrors.root?.message) {
      toast({
        title: membershipTexts.failureTitle,
        description: fieldErrors.root.message,
        variant: 'destructive',
      });
      return;
    }
    if (!fieldErrors.waiverAccepted) return;
    toast({
      title: membershipTexts.waiverRequiredTitle,
      description: membershipTexts.waiverRequiredToast,
      variant: 'destructive',
    });
  };

  const join = async (values: MembershipFormValues) => {
    await checkout(payment.ready, async () => {
      // Loaded before paying: a failed load stops here, before anything is charged.
      const { successHandoff } = await loadCode(() => import('@/lib/success-handoff'));
      const paid = await payment.pay(values);
      // The plan's next charge date travels in the history state; the URL stays the product's.
      return { path: MEMBERSHIP_SUCCESS_PATH, state: successHandoff(paid) };
    });
  };

  return (
    <SubmitForm
      label={membershipTexts.formLabel}
      submission={submission}
      hydrate
      data-surface="light"
      className="mx-auto max-w-3xl space-y-8 rounded-xl bg-white p-5 text-navy-900 shadow-xl sm:p-8"
      onFocus={resolver.preload}
      onSubmit={handleSubmit(join, invalid)}
    >
      <fieldset>
        <legend className="text-sm font-semibold text-navy-900">{membershipTexts.yourDetails}</legend>
        <p className="mt-1 text-sm text-slate-600">{membershipTexts.requiredNote}</p>
        <div className="mt-3 space-y-4">
          <ApplicantFields
            idPrefix="membership"
            labels={membershipTexts}
            messageLabel={membershipTexts.reasonOptional}
            register={register}
            errors={errors}
          />
        </div>
      </fieldset>

      <WaiverField control={control} />

      <fieldset className="min-w-0 space-y-4">
        <legend className="text-sm font-semibold text-navy-900">{membershipTexts.paymentMethodLegend}</legend>
        {/* Card only: the spec's membership form fixes paymentMethod to 'card'. */}
        <label className="mt-2 flex items-center gap-3 rounded-md border-2 border-crimson-600 px-4 py-3 font-semibold">
          <input {...register('paymentMethod')} type="radio" value="card" className="size-4 accent-crimson-600" />
          {membershipTexts.cardOption}
        </label>
        {payment.fields}
      </fieldset>

      <div className="rounded-lg bg-cream-100 p-5 text-sm text-slate-700">
        <h3 className="font-display text-base font-bold text-navy-900">{membershipTexts.termsTitle}</h3>
        <p className="mt-2">{membershipTexts.terms}</p>
        <p className="mt-2">
          {membershipTexts.cancelLead}{' '}
          <a href={`mailto:${contactEmail}`} className={contactLink}>
            {contactEmail}
          </a>{' '}
          {membershipTexts.cancelOr}{' '}
          <a href={`tel:${contactPhone.replace(/[^\d+]/g, '')}`} className={contactLink}>
            {contactPhone}
          </a>
          {membershipTexts.cancelEnd}
        </p>
      </div>
      <PayButton busy={processing} busyLabel={membershipTexts.processing} loadingLabel={payment.loadingLabel}>
        {membershipTexts.join(orgName)}
      </PayButton>

      <p className="flex items-start gap-3 text-sm text-slate-700">
        <Lock aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-navy-700" />
        <span>
          <strong className="font-semibold text-navy-900">{membershipTexts.secureTitle}:</strong>{' '}
          {membershipTexts.secure}
        </span>
      </p>
    </SubmitForm>
  );
}
