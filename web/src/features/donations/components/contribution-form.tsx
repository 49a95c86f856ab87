import { zodResolver } from '@hookform/resolvers/zod';
import { ContributionForm as ContributionFormSchema, DollarString, formatCents } from '@pillars/contracts';
import { dollarsToCents } from '@pillars/money/rules';
import type { ContributionForm as ContributionFormValues } from '@pillars/contracts';
import { type FieldErrors, type Resolver, useForm, useWatch } from 'react-hook-form';
import { ContactFields } from '@/components/forms/contact-fields';
import { contributionTexts, submitLabel } from '../donations-texts';
import { contributionSuccessPath } from '@/lib/paths';
import { successHandoff } from '@/lib/success-handoff';
import { ContributionAmount } from './contribution-amount';
import { useCardCheckout } from '@/lib/use-card-checkout';
import type { CardFormPayment } from '@/lib/card-form-payment';
import { PayButton, SubmitForm } from '@/components/forms/submit-form';

/** How the form charges a card: the contribution's values and its amount in cents. */
export type ContributionPayment = CardFormPayment<{ values: ContributionFormValues; amountCents: number }>;

const defaultValues: ContributionFormValues = {
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  amount: '',
  customAmount: '',
  isRecurring: false,
  paymentMethod: 'card',
};

/** The amount in cents, or null when nothing usable is chosen. */
function chosenCents(amount: string | undefined, customAmount: string | undefined): number | null {
  const text = customAmount || amount;
  if (!text) return null;
  const dollars = Number(text);
  return Number.isFinite(dollars) && dollars > 0 ? dollarsToCents(dollars) : null;
}

/**
 * The amount rule (DollarString's, with its message) as a form error, or null when the amount is
 * fine. It sits on the field the visitor used: the custom amount when one is typed, else the
 * preset choice, so react-hook-form focuses that field on a failed submit.
 */
export function amountErrors(
  values: Pick<ContributionFormValues, 'amount' | 'customAmount'>,
): FieldErrors<ContributionFormValues> | null {
  const cents = chosenCents(values.amount, values.customAmount);
  const check = DollarString.safeParse(cents === null ? '' : formatCents(cents));
  if (cents !== null && check.success) return null;
  const message = check.error?.issues[0]?.message ?? contributionTexts.invalidAmount;
  return { [values.customAmount ? 'customAmount' : 'amount']: { type: 'amount', message } };
}

const schemaResolver = zodResolver(ContributionFormSchema);

/**
 * The schema's checks plus the amount rule, in one pass: an empty submit then shows every error
 * at once, the amount's included, and focus goes to the first field in the form's order, the
 * amount. The schema's own verdict on the two amount strings is replaced by the rule's.
 */
const contributionResolver: Resolver<ContributionFormValues> = async (values, context, options) => {
  const result = await schemaResolver(values, context, options);
  const errors: FieldErrors<ContributionFormValues> = { ...result.errors };
  delete errors.amount;
  delete errors.customAmount;
  Object.assign(errors, amountErrors(values));
  if (Object.keys(errors).length > 0) return { values: {}, errors };
  return Object.keys(result.errors).length === 0 ? result : { values, errors: {} };
};

/**
 * Amount, details, monthly toggle and card, then idle → processing →
 * /success or a toast and back to idle with the values kept. A submit while processing is ignored.
 */
export function ContributionForm({ payment }: { payment: ContributionPayment }) {
  const { toast, submission, checkout } = useCardCheckout(contributionTexts);
  const processing = submission.pending;
  const {
    register,
    setValue,
    handleSubmit,
    control,
    formState: { errors },
  } = useForm<ContributionFormValues>({ resolver: contributionResolver, defaultValues });
  const [amount, customAmount, isRecurring] = useWatch({ control, name: ['amount', 'customAmount', 'isRecurring'] });
  const cents = chosenCents(amount, customAmount);

  // Product rule: an amount under $1.00 also gets the 'Invalid Amount' toast.
  const invalid = (fieldErrors: FieldErrors<ContributionFormValues>) => {
    const description = (fieldErrors.amount ?? fieldErrors.customAmount)?.message;
    if (!description) return;
    toast({ title: contributionTexts.invalidAmountTitle, description, variant: 'destructive' });
  };

  const contribute = async (values: ContributionFormValues) => {
    // The resolver let the values through, so the amount is a valid one.
    const amountCents = chosenCents(values.amount, values.customAmount);
    if (amountCents === null) return;
    const amountText = formatCents(amountCents);
    await checkout(payment.ready, async () => {
      const paid = await payment.pay({ values, amountCents });
      // A monthly gift's next charge date travels in the history state; the URL stays the product's.
      return { path: contributionSuccessPath(amountText), state: successHandoff(paid) };
    });
  };

  return (
    <SubmitForm
      label={contributionTexts.formLabel}
      submission={submission}
      hydrate
      data-surface="light"
      className="mx-auto max-w-3xl space-y-8 rounded-xl bg-white p-6 text-navy-900 shadow-xl sm:p-8"
      onSubmit={handleSubmit(contribute, invalid)}
    >
      <ContributionAmount
        register={register}
        setValue={setValue}
        presetError={errors.amount?.message}
        customError={errors.customAmount?.message}
      />

      <label className="flex cursor-pointer items-start gap-3">
        <input {...register('isRecurring')} type="checkbox" role="switch" className="peer sr-only" />
        <span
          aria-hidden="true"
          className="relative mt-0.5 inline-flex h-6 w-11 shrink-0 items-center rounded-full bg-slate-300 transition-colors peer-checked:bg-crimson-600 peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-navy-700 after:absolute after:left-0.5 after:size-5 after:rounded-full after:bg-white after:shadow after:transition-transform peer-checked:after:translate-x-5 motion-reduce:after:transition-none"
        />
        <span>
          <span className="block font-semibold">{contributionTexts.recurring}</span>
          <span className="block text-sm text-slate-600">{contributionTexts.recurringHint}</span>
        </span>
      </label>

      <fieldset>
        <legend className="text-sm font-semibold text-navy-900">{contributionTexts.yourDetails}</legend>
        <p className="mt-1 text-sm text-slate-600">{contributionTexts.requiredNote}</p>
        <ContactFields
          idPrefix="contribution"
          labels={contributionTexts}
          register={register}
          errors={errors}
          className="mt-3"
        />
      </fieldset>

      <fieldset>
        <legend className="text-sm font-semibold text-navy-900">{contributionTexts.paymentMethodLegend}</legend>
        {/* Card only: the spec references bank transfer (ACH) but the site does not offer it. */}
        <label className="mt-2 flex items-center gap-3 rounded-md border-2 border-crimson-600 px-4 py-3 font-semibold">
          <input {...register('paymentMethod')} type="radio" value="card" className="size-4 accent-crimson-600" />
          {contributionTexts.cardOption}
        </label>
      </fieldset>

      {payment.fields}
      <PayButton busy={processing} busyLabel={contributionTexts.processing} loadingLabel={payment.loadingLabel}>
        {submitLabel(cents === null ? null : formatCents(cents), isRecurring)}
      </PayButton>
    </SubmitForm>
  );
}
