import { zodResolver } from '@hookform/resolvers/zod';
import { MembershipApplication } from '@pillars/contracts';
import { ArrowRight } from 'lucide-react';
import { useRef } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'wouter';
import type { z } from 'zod';
import { useToast } from '@/components/ui/use-toast';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { useCreateMembershipApplication } from '../api/create-membership-application';
import { interestTexts } from '../memberships-texts';
import { ApplicantFields } from './applicant-fields';
import { useSingleSubmission } from '@/lib/use-single-submission';
import { SubmitButton, SubmitForm } from '@/components/forms/submit-form';

type InterestValues = z.input<typeof MembershipApplication>;

const defaultValues: InterestValues = {
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  message: '',
  paymentMethod: 'card',
};

/**
 * The same application sent again after a failure keeps its Idempotency-Key, so a request that
 * reached the server before the error is not recorded twice; a changed application gets a new key.
 */
function useApplicationKey() {
  const last = useRef<{ body: string; key: string } | null>(null);
  return {
    keyFor(application: MembershipApplication): string {
      const body = JSON.stringify(application);
      if (last.current?.body !== body) last.current = { body, key: newIdempotencyKey() };
      return last.current.key;
    },
    forget() {
      last.current = null;
    },
  };
}

/**
 * The home page's membership-interest form. Posts an application (no payment);
 * on success a toast and a cleared form, on failure a toast with the values kept.
 */
export function MembershipInterestForm() {
  const { toast } = useToast();
  const mutation = useCreateMembershipApplication();
  const applicationKey = useApplicationKey();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<InterestValues, unknown, MembershipApplication>({
    resolver: zodResolver(MembershipApplication),
    defaultValues,
  });
  const submission = useSingleSubmission();
  const submitting = submission.pending;

  const submit = (application: MembershipApplication) =>
    submission.run(async () => {
      try {
        await mutation.mutateAsync({ application, idempotencyKey: applicationKey.keyFor(application) });
      } catch {
        toast({ title: interestTexts.failureTitle, description: interestTexts.failure, variant: 'destructive' });
        return;
      }
      applicationKey.forget();
      reset(defaultValues);
      toast({ title: interestTexts.successTitle, description: interestTexts.success });
    });

  return (
    <SubmitForm
      label={interestTexts.formLabel}
      submission={submission}
      hydrate
      data-surface="light"
      className="mx-auto max-w-3xl space-y-6 rounded-xl bg-white p-5 text-navy-900 shadow-xl sm:p-8"
      onSubmit={handleSubmit(submit)}
    >
      <div>
        <h3 className="font-display text-2xl font-bold text-navy-900">{interestTexts.title}</h3>
        <p className="mt-2 text-slate-700">{interestTexts.intro}</p>
        <p className="mt-2 text-sm text-slate-600">{interestTexts.requiredNote}</p>
      </div>

      <div className="space-y-4">
        <ApplicantFields
          idPrefix="interest"
          labels={interestTexts}
          messageLabel={interestTexts.messageOptional}
          register={register}
          errors={errors}
        />
      </div>

      <SubmitButton
        busy={submitting}
        busyLabel={interestTexts.submitting}
        variant="secondary"
        className="w-full text-lg"
      >
        {interestTexts.submit}
      </SubmitButton>

      <p className="text-center text-slate-700">
        {interestTexts.joinNowLead}{' '}
        <Link
          href="/membership"
          className="inline-flex items-center gap-1 rounded-sm font-semibold text-crimson-700 underline hover:text-crimson-800"
        >
          {interestTexts.joinNowLink}
          <ArrowRight aria-hidden="true" className="size-4" />
        </Link>
      </p>
    </SubmitForm>
  );
}
