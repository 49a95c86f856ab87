import { zodResolver } from '@hookform/resolvers/zod';
import { ForgotPasswordRequest } from '@pillars/contracts';
import { KeyRound, MailCheck } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { buttonClasses } from '@/components/ui/button-styles';
import { TextField } from '@/components/ui/text-field';
import { useToast } from '@/components/ui/use-toast';
import { apiErrorMessage } from '@/lib/api-error-message';
import { useDocumentMeta } from '@/lib/use-document-meta';
import { useRequestPasswordReset } from '../api/request-password-reset';
import { forgotPasswordTexts as texts } from '../auth-texts';
import { AuthCard } from '../components/auth-card';
import { BackToLoginLink } from '../components/back-to-login-link';
import { useSingleSubmission } from '@/lib/use-single-submission';
import { SubmitButton, SubmitForm } from '@/components/forms/submit-form';

type ForgotValues = z.input<typeof ForgotPasswordRequest>;

/**
 * /forgot-password: an e-mail, 'Send Reset Link', then 'Check Your Email'. The
 * answer never says whether the address belongs to an admin.
 */
export function ForgotPasswordPage() {
  const { toast } = useToast();
  const mutation = useRequestPasswordReset();
  const [sent, setSent] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ForgotValues, unknown, ForgotPasswordRequest>({
    resolver: zodResolver(ForgotPasswordRequest),
    defaultValues: { email: '' },
  });
  const submission = useSingleSubmission();
  const submitting = submission.pending;

  useDocumentMeta({ title: texts.pageTitle });

  const requestLink = (request: ForgotPasswordRequest) =>
    submission.run(async () => {
      try {
        await mutation.mutateAsync(request);
      } catch (error) {
        const description = apiErrorMessage(error) ?? texts.failureFallback;
        toast({ title: texts.failureTitle, description, variant: 'destructive' });
        return;
      }
      toast({ title: texts.successTitle, description: texts.successDescription });
      setSent(true);
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
          <BackToLoginLink>{texts.backToLogin}</BackToLoginLink>
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard icon={KeyRound} title={texts.title} intro={texts.intro}>
      <SubmitForm
        label={texts.formLabel}
        submission={submission}
        className="space-y-5"
        onSubmit={handleSubmit(requestLink)}
      >
        <TextField
          id="forgot-email"
          type="email"
          label={texts.email}
          autoComplete="email"
          required
          error={errors.email?.message}
          {...register('email')}
        />
        <SubmitButton busy={submitting} busyLabel={texts.submitting} variant="secondary" className="w-full">
          {texts.submit}
        </SubmitButton>
        <BackToLoginLink>{texts.backToLogin}</BackToLoginLink>
      </SubmitForm>
    </AuthCard>
  );
}
