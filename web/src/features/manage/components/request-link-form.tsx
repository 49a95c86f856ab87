import { zodResolver } from '@hookform/resolvers/zod';
import { ManageLinkRequest } from '@pillars/contracts';
import { HandHeart, MailCheck } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { StatusMessage } from '@/components/ui/status-message';
import { buttonClasses } from '@/components/ui/button-styles';
import { TextField } from '@/components/ui/text-field';
import { AuthCard } from '@/features/auth/components/auth-card';
import { apiErrorMessage } from '@/lib/api-error-message';
import { useSingleSubmission } from '@/lib/use-single-submission';
import { useRequestManageLink } from '../api/manage-api';
import { manageTexts as texts } from '../manage-texts';
import { SubmitButton, SubmitForm } from '@/components/forms/submit-form';

type LinkValues = z.input<typeof ManageLinkRequest>;

/**
 * "Manage your giving" without a session: an e-mail address, then the same confirmation whatever
 * the address (the API never says whether it knows it). `notice` explains why the visitor is here
 * again: a spent or expired link, or a session that ended. The heading takes focus when the form
 * replaces something (a notice, or the dashboard after signing out).
 */
export function RequestLinkForm({ notice, focusHeading = false }: { notice?: ReactNode; focusHeading?: boolean }) {
  const mutation = useRequestManageLink();
  const [sent, setSent] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<LinkValues, unknown, ManageLinkRequest>({
    resolver: zodResolver(ManageLinkRequest),
    defaultValues: { email: '' },
  });
  const submission = useSingleSubmission();
  const submitting = submission.pending;

  const requestLink = (request: ManageLinkRequest) =>
    submission.run(async () => {
      setFailure(null);
      try {
        await mutation.mutateAsync(request);
      } catch (error) {
        if (submission.isMounted()) setFailure(apiErrorMessage(error) ?? texts.requestFailed);
        return;
      }
      if (submission.isMounted()) setSent(true);
    });

  if (sent) {
    return (
      <AuthCard icon={MailCheck} title={texts.sentTitle} focusHeading>
        <div className="space-y-5 text-center">
          <p className="text-lg text-navy-900">{texts.sentBody}</p>
          <p className="text-slate-700">{texts.sentHint}</p>
          <button
            type="button"
            onClick={() => {
              mutation.reset();
              setSent(false);
            }}
            className={buttonClasses('secondary', 'w-full')}
          >
            {texts.sendAnother}
          </button>
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      icon={HandHeart}
      title={texts.title}
      intro={texts.intro}
      focusHeading={focusHeading || notice !== undefined}
    >
      <div className="space-y-5">
        {notice ? <StatusMessage tone="error">{notice}</StatusMessage> : null}
        <SubmitForm
          label={texts.formLabel}
          submission={submission}
          className="space-y-5"
          onSubmit={handleSubmit(requestLink)}
        >
          <TextField
            id="manage-email"
            type="email"
            label={texts.email}
            autoComplete="email"
            required
            error={errors.email?.message}
            {...register('email')}
          />
          {failure ? (
            <p role="alert" className="text-sm text-crimson-700">
              {failure}
            </p>
          ) : null}
          <SubmitButton busy={submitting} busyLabel={texts.submitting} variant="secondary" className="w-full">
            {texts.submit}
          </SubmitButton>
        </SubmitForm>
      </div>
    </AuthCard>
  );
}
