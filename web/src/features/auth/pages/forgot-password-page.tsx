import { ForgotPasswordRequest } from '@pillars/contracts';
import { KeyRound } from 'lucide-react';
import { useToast } from '@/components/ui/use-toast';
import { useDocumentMeta } from '@/lib/use-document-meta';
import { useRequestPasswordReset } from '../api/request-password-reset';
import { forgotPasswordTexts as texts } from '../auth-texts';
import { BackToLoginLink } from '../components/back-to-login-link';
import { useSchemaForm } from '@/components/forms/use-schema-form';
import { AuthEmailField, AuthFormCard, AuthSubmitButton } from '../components/auth-form-parts';
import { LinkSentCard, useLinkSent } from '../components/auth-notice-card';
import { useToastedSend } from '../use-toasted-send';

/**
 * /forgot-password: an e-mail, 'Send Reset Link', then 'Check Your Email'. The
 * answer never says whether the address belongs to an admin.
 */
export function ForgotPasswordPage() {
  const { toast } = useToast();
  const mutation = useRequestPasswordReset();
  const send = useToastedSend(mutation.mutateAsync, texts);
  const { sent, markSent, sendAnother } = useLinkSent(mutation.reset);
  const { register, handleSubmit, errors, submission } = useSchemaForm(ForgotPasswordRequest, { email: '' });

  useDocumentMeta({ title: texts.pageTitle });

  const requestLink = (request: ForgotPasswordRequest) =>
    submission.run(async () => {
      if ((await send(request)) !== null) return;
      toast({ title: texts.successTitle, description: texts.successDescription });
      markSent();
    });

  if (sent) {
    return (
      <LinkSentCard texts={texts} onSendAnother={sendAnother}>
        <BackToLoginLink>{texts.backToLogin}</BackToLoginLink>
      </LinkSentCard>
    );
  }

  return (
    <AuthFormCard icon={KeyRound} texts={texts} submission={submission} onSubmit={handleSubmit(requestLink)}>
      <AuthEmailField id="forgot-email" label={texts.email} error={errors.email?.message} {...register('email')} />
      <AuthSubmitButton submission={submission} texts={texts} />
      <BackToLoginLink>{texts.backToLogin}</BackToLoginLink>
    </AuthFormCard>
  );
}
