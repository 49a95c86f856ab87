import { ResetPasswordForm, authResponseMessages } from '@pillars/contracts';
import { CircleCheckBig, KeyRound, LinkIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { useDocumentMeta } from '@/lib/use-document-meta';
import { useResetPassword } from '../api/reset-password';
import { INVALID_RESET_LINK_REDIRECT_MS, RESET_SUCCESS_REDIRECT_MS, resetPasswordTexts as texts } from '../auth-texts';
import { authLinkClasses } from '../components/auth-card';
import { BackToLoginLink } from '../components/back-to-login-link';
import { PasswordField } from '../components/password-field';
import { useSchemaForm } from '@/components/forms/use-schema-form';
import { AuthFormCard, AuthSubmitButton } from '../components/auth-form-parts';
import { AuthNoticeCard, NoticeButton } from '../components/auth-notice-card';
import { useToastedSend } from '../use-toasted-send';

const defaultValues: ResetPasswordForm = { newPassword: '', confirmPassword: '' };

/** The new password, then the same again. */
const passwordFields = [
  { name: 'newPassword', id: 'reset-new-password', label: texts.newPassword, toggle: texts.newPasswordToggle },
  {
    name: 'confirmPassword',
    id: 'reset-confirm-password',
    label: texts.confirmPassword,
    toggle: texts.confirmPasswordToggle,
  },
] as const;

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
  const send = useToastedSend(useResetPassword().mutateAsync, texts);
  const { register, handleSubmit, errors, submission } = useSchemaForm(ResetPasswordForm, defaultValues);

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
      const failure = await send({ token, newPassword });
      if (failure !== null) {
        if (failure === authResponseMessages.invalidResetLink) setLinkRejected(true);
        return;
      }
      setComplete(true);
    });

  if (token === null) {
    return (
      <AuthNoticeCard
        icon={LinkIcon}
        tone="error"
        title={texts.invalidTitle}
        body={texts.invalidBody}
        hint={texts.invalidRedirect}
        spacing="space-y-4"
      >
        <BackToLoginLink>{texts.backToLogin}</BackToLoginLink>
      </AuthNoticeCard>
    );
  }

  if (complete) {
    return (
      <AuthNoticeCard
        icon={CircleCheckBig}
        title={texts.completeTitle}
        focusHeading
        body={texts.completeBody}
        hint={texts.completeRedirect}
        spacing="space-y-4"
      >
        <NoticeButton onClick={() => navigate('/login', { replace: true })}>{texts.goToLogin}</NoticeButton>
      </AuthNoticeCard>
    );
  }

  return (
    <AuthFormCard icon={KeyRound} texts={texts} submission={submission} onSubmit={handleSubmit(reset)}>
      {passwordFields.map((field) => (
        <PasswordField
          key={field.name}
          id={field.id}
          label={field.label}
          toggle={field.toggle}
          autoComplete="new-password"
          required
          error={errors[field.name]?.message}
          {...register(field.name)}
        />
      ))}
      <AuthSubmitButton submission={submission} texts={texts} />
      {linkRejected ? (
        <p className="text-center text-slate-700">
          <Link href="/forgot-password" className={authLinkClasses}>
            {texts.requestNewLink}
          </Link>
        </p>
      ) : null}
      <BackToLoginLink>{texts.backToLogin}</BackToLoginLink>
    </AuthFormCard>
  );
}
