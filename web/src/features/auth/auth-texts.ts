import { PASSWORD_MIN_LENGTH, authMessages, authResponseMessages } from '@pillars/contracts';

/** Product rule: a reset link without a token sends the visitor to /login after 2 s… */
export const INVALID_RESET_LINK_REDIRECT_MS = 2000;
/** …and a completed reset after 3 s. */
export const RESET_SUCCESS_REDIRECT_MS = 3000;

const seconds = (ms: number) => {
  const value = ms / 1000;
  return `${value} second${value === 1 ? '' : 's'}`;
};

/** The show/hide button of a password input: its name says what pressing it does. */
export type PasswordToggleTexts = { show: string; hide: string };

/** User-facing texts of the sign-in pages; product texts are verbatim (ADR 012). */
export const loginTexts = {
  pageTitle: 'Admin Login',
  title: 'Admin Login',
  intro: 'Sign in to manage contributors, members and event registrations.',
  formLabel: 'Sign in form',
  username: 'Username',
  password: 'Password',
  passwordToggle: { show: 'Show password', hide: 'Hide password' } satisfies PasswordToggleTexts,
  submit: 'Sign In',
  submitting: 'Signing In...',
  forgotPassword: 'Forgot your password?',
  successTitle: 'Login Successful',
  failureTitle: 'Login Failed',
  failureFallback: authMessages.invalidCredentials,
} as const;

export const forgotPasswordTexts = {
  pageTitle: 'Forgot Password',
  title: 'Forgot Password',
  intro: "Enter the email address of your admin account and we'll send you a link to reset your password.",
  formLabel: 'Request a password reset link',
  email: 'Email',
  submit: 'Send Reset Link',
  submitting: 'Sending...',
  sentTitle: 'Check Your Email',
  sentBody: authResponseMessages.resetLinkSent,
  sentHint: "Didn't get it? Check your spam folder, or request another link.",
  sendAnother: 'Send Another Link',
  backToLogin: 'Back to Login',
  successTitle: 'Request Submitted',
  successDescription: authResponseMessages.resetLinkSent,
  failureTitle: 'Error',
  failureFallback: 'Request failed',
} as const;

export const resetPasswordTexts = {
  pageTitle: 'Reset Password',
  title: 'Reset Your Password',
  intro: `Choose a new password of at least ${PASSWORD_MIN_LENGTH} characters.`,
  formLabel: 'Set a new password',
  newPassword: 'New Password',
  newPasswordToggle: { show: 'Show new password', hide: 'Hide new password' } satisfies PasswordToggleTexts,
  confirmPassword: 'Confirm New Password',
  confirmPasswordToggle: {
    show: 'Show password confirmation',
    hide: 'Hide password confirmation',
  } satisfies PasswordToggleTexts,
  submit: 'Reset Password',
  submitting: 'Resetting...',
  failureTitle: 'Reset Failed',
  failureFallback: 'Reset failed',
  /** Shown under the form once the server said the link is no longer valid. */
  requestNewLink: 'Request a new reset link',

  invalidTitle: 'Invalid Reset Link',
  invalidBody: authResponseMessages.invalidResetLink,
  invalidRedirect: `You will be taken to the login page in ${seconds(INVALID_RESET_LINK_REDIRECT_MS)}.`,

  completeTitle: 'Password Reset Complete!',
  completeBody: authResponseMessages.passwordReset,
  completeRedirect: `You will be taken to the login page in ${seconds(RESET_SUCCESS_REDIRECT_MS)}.`,
  goToLogin: 'Go to Login Now',

  backToLogin: 'Back to Login',
} as const;

export const adminGuardTexts = {
  checking: 'Checking authentication...',
  failed: 'We could not check your sign-in. Please try again.',
  retry: 'Try Again',
} as const;
