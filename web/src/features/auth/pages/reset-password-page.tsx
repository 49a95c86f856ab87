import { zodResolver } from '@hookform/resolvers/zod';
import { ResetPasswordForm, authResponseMessages } from '@pillars/contracts';
import { CircleCheckBig, KeyRound, LinkIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useSearch } from 'wouter';
import { buttonClasses } from '@/components/ui/button-styles';
import { useToast } from '@/components/ui/use-toast';
import { apiErrorMessage } from '@/lib/api-error-message';
import { useDocumentMeta } from '@/lib/use-document-meta';
import { useResetPassword } from '../api/reset-password';
import { INVALID_RESET_LINK_REDIRECT_MS, RESET_SUCCESS_REDIRECT_MS, resetPasswordTexts as texts } from '../auth-texts';
import { AuthCard, authLinkClasses } from '../components/auth-card';
import { BackToLoginLink } from '../components/back-to-login-link';
import { PasswordField } from '../components/password-field';
import { useSingleSubmission } from '@/lib/use-single-submission';
import { SubmitButton, SubmitForm } from '@/components/forms/submit-form';

const defaultValues: ResetPasswordForm = { newPassword: '', confirmPassword: '' };

function tokenFrom(search: string): string | null {
  const token = new URLSearchParams(search).get('token')?.trim();
  return token ? token : null;
}

/**
 * Goes to /login after `delayMs` while `active`; the timer ends with the page. The entry is
 * replaced, so "back" from /login does not return to a spent or broken link.
 */
function useRedirectToLogin(active: boolean, delayMs: number) {
  const [, navigate] = useLocation();
  useEffect(() => {
    if (!active) return;
    const timer = window.setTimeout(() => navigate('/login', { replace: true }), delayMs);
    return () => window.clearTimeout(timer);
  }, [active, delayMs, navigate]);
}

/**
 * /reset-password?token=…: a new password twice. Without a token it says the link
 * is invalid and goes to /login after 2 s; after a reset it says so and goes to /login after 3 s.
 */
export function ResetPasswordPage() {
  const search = useSearch();
  const [path, navigate] = useLocation();
  // The token lives in state only: the address bar loses it at once (below).
  const [token] = useState(() => tokenFrom(search));
  const [complete, setComplete] = useState(false);
  const [linkRejected, setLinkRejected] = useState(false);
  const { toast } = useToast();
  const mutation = useResetPassword();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ResetPasswordForm>({ resolver: zodResolver(ResetPasswordForm), defaultValues });
  const submission = useSingleSubmission();
  const submitting = submission.pending;

  useDocumentMeta({ title: texts.pageTitle });

  // A secret in the URL stays in the history and may leak through the Referer header and
  // analytics; replacing the entry keeps it out of both.
  useEffect(() => {
    if (search) navigate(path, { replace: true });
  }, [search, path, navigate]);

  useRedirectToLogin(token === null, INVALID_RESET_LINK_REDIRECT_MS);
  useRedirectToLogin(complete, RESET_SUCCESS_REDIRECT_MS);

  const reset = ({ newPassword }: ResetPasswordForm) =>
    submission.run(async () => {
      if (token === null) return;
      try {
        await mutation.mutateAsync({ token, newPassword });
      } catch (error) {
        const description = apiErrorMessage(error) ?? texts.failureFallback;
        toast({ title: texts.failureTitle, description, variant: 'destructive' });
        if (description === authResponseMessages.invalidResetLink) setLinkRejected(true);
        return;
      }
      setComplete(true);
    });

  if (token === null) {
    return (
      <AuthCard icon={LinkIcon} tone="error" title={texts.invalidTitle}>
        <div className="space-y-4 text-center">
          <p className="text-lg text-navy-900">{texts.invalidBody}</p>
          <p className="text-slate-700">{texts.invalidRedirect}</p>
          <BackToLoginLink>{texts.backToLogin}</BackToLoginLink>
        </div>
      </AuthCard>
    );
  }

  if (complete) {
    return (
      <AuthCard icon={CircleCheckBig} title={texts.completeTitle} focusHeading>
        <div className="space-y-4 text-center">
          <p className="text-lg text-navy-900">{texts.completeBody}</p>
          <p className="text-slate-700">{texts.completeRedirect}</p>
          <button
            type="button"
            onClick={() => navigate('/login', { replace: true })}
            className={buttonClasses('secondary', 'w-full')}
          >
            {texts.goToLogin}
          </button>
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard icon={KeyRound} title={texts.title} intro={texts.intro}>
      <SubmitForm label={texts.formLabel} submission={submission} className="space-y-5" onSubmit={handleSubmit(reset)}>
        <PasswordField
          id="reset-new-password"
          label={texts.newPassword}
          toggle={texts.newPasswordToggle}
          autoComplete="new-password"
          required
          error={errors.newPassword?.message}
          {...register('newPassword')}
        />
        <PasswordField
          id="reset-confirm-password"
          label={texts.confirmPassword}
          toggle={texts.confirmPasswordToggle}
          autoComplete="new-password"
          required
          error={errors.confirmPassword?.message}
          {...register('confirmPassword')}
        />
        <SubmitButton busy={submitting} busyLabel={texts.submitting} variant="secondary" className="w-full">
          {texts.submit}
        </SubmitButton>
        {linkRejected ? (
          <p className="text-center text-slate-700">
            <Link href="/forgot-password" className={authLinkClasses}>
              {texts.requestNewLink}
            </Link>
          </p>
        ) : null}
        <BackToLoginLink>{texts.backToLogin}</BackToLoginLink>
      </SubmitForm>
    </AuthCard>
  );
}
