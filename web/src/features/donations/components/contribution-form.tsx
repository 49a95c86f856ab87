import { zodResolver } from '@hookform/resolvers/zod';
import {
  ContributionForm as ContributionFormSchema,
  DollarString,
  dollarsToCents,
  formatCents,
} from '@pillars/shared/contracts';
import type { ContributionForm as ContributionFormValues } from '@pillars/shared/contracts';
import { type ReactNode } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useLocation } from 'wouter';
import { buttonClasses } from '@/components/ui/button-styles';
import { ContactFields } from '@/components/forms/contact-fields';
import { useToast } from '@/components/ui/use-toast';
import { contributionTexts, submitLabel } from '../donations-texts';
import { contributionSuccessPath } from '@/lib/paths';
import { successHandoff } from '@/lib/success-handoff';
import { ContributionAmount } from './contribution-amount';
import { useSingleSubmission } from '@/lib/use-single-submission';

/**
 * How the form charges a card. The app composes it from the payments feature, so this feature
 * does not depend on the provider: `fields` is the hosted card form, `pay` resolves once the
 * payment succeeded (with what the success page may show, see lib/success-handoff) and rejects
 * with the message to show.
 */
export type ContributionPayment = {
  ready: boolean;
  fields: ReactNode;
  pay: (request: { values: ContributionFormValues; amountCents: number }) => Promise<unknown>;
};

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
 * Amount, details, monthly toggle and card, then idle → processing →
 * /success or a toast and back to idle with the values kept. A submit while processing is ignored.
 */
export function ContributionForm({ payment }: { payment: ContributionPayment }) {
  const { toast } = useToast();
  const [, navigate] = useLocation();
  const submission = useSingleSubmission();
  const processing = submission.pending;
  const {
    register,
    setValue,
    handleSubmit,
    control,
    formState: { errors },
  } = useForm<ContributionFormValues>({ resolver: zodResolver(ContributionFormSchema), defaultValues });
  const [amount, customAmount, isRecurring] = useWatch({ control, name: ['amount', 'customAmount', 'isRecurring'] });
  const cents = chosenCents(amount, customAmount);

  const contribute = async (values: ContributionFormValues) => {
    const amountCents = chosenCents(values.amount, values.customAmount);
    const amountText = amountCents === null ? '' : formatCents(amountCents);
    const amountCheck = DollarString.safeParse(amountText);
    if (amountCents === null || !amountCheck.success) {
      const description = amountCheck.error?.issues[0]?.message ?? contributionTexts.invalidAmount;
      toast({ title: contributionTexts.invalidAmountTitle, description, variant: 'destructive' });
      return;
    }
    if (!payment.ready) {
      toast({
        title: contributionTexts.notReadyTitle,
        description: contributionTexts.notReady,
        variant: 'destructive',
      });
      return;
    }

    await submission.run(async () => {
      try {
        const paid = await payment.pay({ values, amountCents });
        // A monthly gift's next charge date travels in the history state; the URL stays the product's.
        if (submission.isMounted()) navigate(contributionSuccessPath(amountText), { state: successHandoff(paid) });
      } catch (error) {
        if (!submission.isMounted()) return;
        const description = error instanceof Error && error.message ? error.message : contributionTexts.errorFallback;
        toast({ title: contributionTexts.errorTitle, description, variant: 'destructive' });
      }
    });
  };

  return (
    <form
      noValidate
      aria-label={contributionTexts.formLabel}
      aria-busy={processing}
      data-surface="light"
      className="mx-auto max-w-3xl space-y-8 rounded-xl bg-white p-6 text-navy-900 shadow-xl sm:p-8"
      onSubmit={submission.onSubmit(handleSubmit(contribute))}
    >
      <ContributionAmount register={register} setValue={setValue} />

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

      <button type="submit" aria-disabled={processing} className={buttonClasses('primary', 'w-full text-lg')}>
        {processing
          ? contributionTexts.processing
          : submitLabel(cents === null ? null : formatCents(cents), isRecurring)}
      </button>
    </form>
  );
}
