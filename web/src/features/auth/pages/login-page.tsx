import { LoginRequest } from '@pillars/contracts';
import { LockKeyhole } from 'lucide-react';
import { Link, Redirect, useLocation } from 'wouter';
import { TextField } from '@/components/ui/text-field';
import { useToast } from '@/components/ui/use-toast';
import { useCurrentUser } from '@/lib/auth';
import { useDocumentMeta } from '@/lib/use-document-meta';
import { useLogin } from '../api/login';
import { loginTexts } from '../auth-texts';
import { authLinkClasses } from '../components/auth-card';
import { PasswordField } from '../components/password-field';
import { useSchemaForm } from '@/components/forms/use-schema-form';
import { AuthFormCard, AuthSubmitButton } from '../components/auth-form-parts';
import { useToastedSend } from '../use-toasted-send';

/**
 * /login: username and password, 'Signing In...' while the request runs (a second
 * submit is ignored), then a toast and /admin; a failure toasts the server's message. An admin who
 * is already signed in goes straight to /admin.
 */
export function LoginPage() {
  const { toast } = useToast();
  const [, navigate] = useLocation();
  const { data: currentUser } = useCurrentUser();
  const mutation = useLogin();
  const send = useToastedSend(mutation.mutateAsync, loginTexts);
  const { register, handleSubmit, errors, submission } = useSchemaForm(LoginRequest, { username: '', password: '' });

  useDocumentMeta({ title: loginTexts.pageTitle });

  const signIn = (credentials: LoginRequest) =>
    submission.run(async () => {
      if ((await send(credentials)) !== null) return;
      toast({ title: loginTexts.successTitle });
      navigate('/admin');
    });

  // Only an admin who arrived signed in; after a sign-in here, signIn navigates itself.
  if (currentUser && mutation.isIdle) return <Redirect to="/admin" replace />;

  return (
    <AuthFormCard icon={LockKeyhole} texts={loginTexts} submission={submission} onSubmit={handleSubmit(signIn)}>
      <TextField
        id="login-username"
        label={loginTexts.username}
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        required
        error={errors.username?.message}
        {...register('username')}
      />
      <PasswordField
        id="login-password"
        label={loginTexts.password}
        toggle={loginTexts.passwordToggle}
        autoComplete="current-password"
        required
        error={errors.password?.message}
        {...register('password')}
      />
      <AuthSubmitButton submission={submission} texts={loginTexts} />
      <p className="text-center">
        <Link href="/forgot-password" className={authLinkClasses}>
          {loginTexts.forgotPassword}
        </Link>
      </p>
    </AuthFormCard>
  );
}
