import { zodResolver } from '@hookform/resolvers/zod';
import {
  type EventDetail,
  type EventRegistrationRequest,
  eventRegistrationSchema,
  placesMessages,
} from '@pillars/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useLocation } from 'wouter';
import { ContactFields } from '@/components/forms/contact-fields';
import { inputClasses } from '@/components/ui/text-field';
import { useToast } from '@/components/ui/use-toast';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { payerHandoff, rememberPayer } from '../payer-handoff';
import { apiErrorMessage } from '@/lib/api-error-message';
import { cn } from '@/lib/cn';
import { eventQueryKey } from '../api/get-event';
import { registerForEvent } from '../api/register-for-event';
import { eventsTexts } from '../events-texts';
import { eventPaymentPath, eventSuccessPath } from '@/lib/paths';
import { TicketTierOptions } from './ticket-tier-options';
import { useSingleSubmission } from '@/lib/use-single-submission';
import { SubmitButton, SubmitForm } from '@/components/forms/submit-form';

type RegistrationValues = Omit<EventRegistrationRequest, 'eventId'>;

/** The tier is picked only for a paid event that offers ticket types. */
function offersTiers(event: EventDetail): boolean {
  return event.requiresPayment && event.pricingTiers.length > 0;
}

/** Same bound as the contract, so the browser stops typing instead of failing validation. */
const COMMENTS_MAX_LENGTH = 2000;

/**
 * The registration form of an event. A free registration goes to
 * /success; a paid one to the event payment page. A submit while one runs is ignored.
 */
export function EventRegistrationForm({ event }: { event: EventDetail }) {
  if (event.placesLeft === 0) {
    return (
      <p role="status" className="rounded-lg border-2 border-crimson-600 bg-crimson-50 p-4 text-navy-900">
        <span className="block font-display text-xl font-bold text-crimson-700">{placesMessages.soldOut}</span>
        <span className="mt-1 block">{placesMessages.eventSoldOut}</span>
      </p>
    );
  }
  return <OpenRegistrationForm event={event} />;
}

/** The first tier with places left: a sold-out tier cannot be chosen. */
const firstOpenTier = (event: EventDetail) => event.pricingTiers.find((tier) => tier.placesLeft !== 0)?.id;

function OpenRegistrationForm({ event }: { event: EventDetail }) {
  const { toast } = useToast();
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const submission = useSingleSubmission();
  const submitting = submission.pending;
  const withTiers = offersTiers(event);
  const schema = useMemo(() => eventRegistrationSchema(event), [event]);
  const {
    register,
    handleSubmit,
    control,
    formState: { errors },
  } = useForm<RegistrationValues>({
    resolver: zodResolver(schema),
    defaultValues: {
      firstName: '',
      lastName: '',
      email: '',
      phone: '',
      comments: '',
      selectedTier: withTiers ? firstOpenTier(event) : undefined,
    },
  });
  const selectedTier = useWatch({ control, name: 'selectedTier' });

  const submit = (values: RegistrationValues) =>
    submission.run(async () => {
      try {
        const body = { ...values, selectedTier: withTiers ? values.selectedTier : undefined, eventId: event.id };
        // One key per submission: a retried request is not registered twice.
        const registrationId = await registerForEvent(event.slug, body, newIdempotencyKey());
        if (!submission.isMounted()) return;
        if (event.requiresPayment) {
          rememberPayer(registrationId, values);
          navigate(eventPaymentPath(event.slug, registrationId), { state: payerHandoff(values) });
        } else {
          navigate(eventSuccessPath('0.00', event.title));
        }
      } catch (error) {
        if (!submission.isMounted()) return;
        // Places may have gone meanwhile (a lost race answers "sold out"): show what is left now.
        void queryClient.invalidateQueries({ queryKey: eventQueryKey(event.slug) });
        toast({
          title: eventsTexts.registrationFailedTitle,
          description: apiErrorMessage(error) ?? eventsTexts.registrationFailed,
          variant: 'destructive',
        });
      }
    });

  const commentsError = errors.comments?.message;

  return (
    <SubmitForm
      label={eventsTexts.registrationFormLabel}
      submission={submission}
      hydrate
      className="space-y-6"
      onSubmit={handleSubmit(submit)}
    >
      <p className="text-sm text-slate-600">{eventsTexts.requiredNote}</p>
      <ContactFields idPrefix="registration" labels={eventsTexts} register={register} errors={errors} />

      {withTiers ? (
        <TicketTierOptions
          tiers={event.pricingTiers}
          selected={selectedTier}
          field={register('selectedTier')}
          error={errors.selectedTier?.message}
          eventPlacesLeft={event.placesLeft}
        />
      ) : null}

      <div>
        <label htmlFor="registration-comments" className="block text-sm font-semibold text-navy-900">
          {eventsTexts.comments}
        </label>
        <textarea
          id="registration-comments"
          rows={4}
          maxLength={COMMENTS_MAX_LENGTH}
          aria-invalid={commentsError ? true : undefined}
          aria-describedby={commentsError ? 'registration-comments-error' : undefined}
          className={cn(inputClasses, 'resize-y')}
          {...register('comments')}
        />
        {commentsError ? (
          <p id="registration-comments-error" role="alert" className="mt-1 text-sm text-crimson-700">
            {commentsError}
          </p>
        ) : null}
      </div>

      <SubmitButton busy={submitting} busyLabel={eventsTexts.registering} variant="primary" className="w-full text-lg">
        {event.requiresPayment ? eventsTexts.continueToPayment : eventsTexts.register}
      </SubmitButton>
    </SubmitForm>
  );
}
