import { zodResolver } from '@hookform/resolvers/zod';
import { EventRegistrationFields, formatCents } from '@pillars/contracts';
import { Lock } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { ContactFields } from '@/components/forms/contact-fields';
import type { EventCardPayment, EventPaymentValues } from '../event-payment';
import { forgetPayer, readPayerHandoff } from '../payer-handoff';
import { eventsTexts, payLabel } from '../events-texts';
import { eventSuccessPath } from '@/lib/paths';
import { successHandoff } from '@/lib/success-handoff';
import { useCardCheckout } from '@/lib/use-card-checkout';
import { PayButton, SubmitForm } from '@/components/forms/submit-form';

/** Product rule: the payment form checks the payer's details with the registration's messages. */
export const EventPaymentFormSchema = EventRegistrationFields.pick({
  firstName: true,
  lastName: true,
  email: true,
  phone: true,
});

type EventPaymentFormProps = {
  payment: EventCardPayment;
  registrationId: string;
  eventId: string;
  eventTitle: string;
  /** The fee in cents, computed by the server. */
  amountCents: number;
};

/**
 * The payer's details and the hosted card fields, then idle →
 * processing → /success, or a toast and back to idle. A submit while processing is ignored.
 */
export function EventPaymentForm({ payment, registrationId, eventId, eventTitle, amountCents }: EventPaymentFormProps) {
  const { submission, checkout } = useCardCheckout(eventsTexts);
  const processing = submission.pending;
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<EventPaymentValues>({
    resolver: zodResolver(EventPaymentFormSchema),
    // Prefilled from what this browser typed when registering; the server names no one.
    defaultValues: readPayerHandoff(registrationId),
  });

  const pay = async (values: EventPaymentValues) => {
    await checkout(payment.ready, async () => {
      const paid = await payment.pay({ registrationId, eventId, amountCents, values });
      forgetPayer(registrationId);
      // The payment's reference travels in the history state; the URL stays the product's.
      return { path: eventSuccessPath(formatCents(amountCents), eventTitle), state: successHandoff(paid) };
    });
  };

  return (
    <SubmitForm
      label={eventsTexts.paymentFormLabel}
      submission={submission}
      className="space-y-6"
      onSubmit={handleSubmit(pay)}
    >
      <fieldset className="min-w-0">
        <legend className="text-sm font-semibold text-navy-900">{eventsTexts.payerLegend}</legend>
        <p className="mt-1 text-sm text-slate-600">{eventsTexts.requiredNote}</p>
        <ContactFields idPrefix="payment" labels={eventsTexts} register={register} errors={errors} className="mt-3" />
      </fieldset>

      {payment.fields}
      <PayButton busy={processing} busyLabel={eventsTexts.processingPayment} loadingLabel={payment.loadingLabel}>
        {payLabel(amountCents)}
      </PayButton>

      <div className="space-y-1 text-sm text-slate-600">
        <p className="flex items-start gap-2">
          <Lock aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-navy-700" />
          <span>{eventsTexts.secureNote}</span>
        </p>
        <p>{eventsTexts.refundNote}</p>
      </div>
    </SubmitForm>
  );
}
