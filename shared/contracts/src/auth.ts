import { z } from 'zod';
import { Email, IsoDateTime, PASSWORD_MIN_LENGTH, TEXT_LIMITS, passwordText, singleLineText } from './common';

export const authMessages = {
  usernameRequired: 'Username is required',
  passwordRequired: 'Password is required',
  passwordTooShort: 'Password must be at least 6 characters',
  passwordsDontMatch: "Passwords don't match",
  invalidCredentials: 'Invalid username or password',
} as const;

/** What an admin signs in with (an e-mail address for accounts made in the back office). */
export const Username = singleLineText('Username', TEXT_LIMITS.username, { trim: true });

export const LoginRequest = z.object({
  username: Username.min(1, authMessages.usernameRequired),
  password: passwordText().min(1, authMessages.passwordRequired),
});
export type LoginRequest = z.infer<typeof LoginRequest>;

export const ForgotPasswordRequest = z.object({ email: Email });
export type ForgotPasswordRequest = z.infer<typeof ForgotPasswordRequest>;

const NewPassword = passwordText().min(PASSWORD_MIN_LENGTH, authMessages.passwordTooShort);

/** The reset form: both fields at least 6 characters, and they must match. */
export const ResetPasswordForm = z
  .object({
    newPassword: NewPassword,
    confirmPassword: NewPassword,
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    path: ['confirmPassword'],
    message: authMessages.passwordsDontMatch,
  });
export type ResetPasswordForm = z.infer<typeof ResetPasswordForm>;

export const ResetPasswordRequest = z.object({
  token: singleLineText('Token', TEXT_LIMITS.token).min(1),
  newPassword: NewPassword,
});
export type ResetPasswordRequest = z.infer<typeof ResetPasswordRequest>;

export const AuthUser = z.object({ username: z.string() });
export type AuthUser = z.infer<typeof AuthUser>;

export const AdminUser = AuthUser.extend({
  id: z.uuid(),
  email: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  phone: z.string().nullable(),
  createdAt: IsoDateTime,
}).meta({ id: 'AdminUser' });
export type AdminUser = z.infer<typeof AdminUser>;

const OptionalName = (field: string) => singleLineText(field, TEXT_LIMITS.name, { trim: true }).optional();
const OptionalPhone = singleLineText('Phone', TEXT_LIMITS.phone, { trim: true }).optional();

export const CreateAdminRequest = z.object({
  email: Email,
  password: NewPassword,
  firstName: OptionalName('First name'),
  lastName: OptionalName('Last name'),
  phone: OptionalPhone,
});
export type CreateAdminRequest = z.infer<typeof CreateAdminRequest>;

export const ProfileUpdate = z.object({
  firstName: OptionalName('First name'),
  lastName: OptionalName('Last name'),
  email: Email.optional(),
  phone: OptionalPhone,
});
export type ProfileUpdate = z.infer<typeof ProfileUpdate>;

/** Product texts of the auth calls' answers, shared by the API and the forms. */
export const authResponseMessages = {
  loginFailed: 'Login failed',
  resetLinkSent: 'If the email exists, a reset link has been sent.',
  invalidResetLink: 'This reset link is invalid or has expired.',
  passwordReset: 'Your password has been reset. You can now sign in.',
  commonPassword: 'This password is too common. Please choose a less predictable one.',
  authenticationRequired: 'Authentication required',
  tooManyAttempts: (minutes: number) =>
    `Too many failed sign-in attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
} as const;

/** POST /api/auth/login: 200 with the signed-in user; 401 / 429 answer an ApiError. */
export const LoginResponse = z.object({ success: z.literal(true), user: AuthUser }).meta({ id: 'LoginResponse' });
export type LoginResponse = z.infer<typeof LoginResponse>;

/** Answers that only confirm: logout, forgot-password, reset-password, profile. */
export const MessageResponse = z
  .object({ success: z.literal(true), message: z.string().optional() })
  .meta({ id: 'MessageResponse' });
export type MessageResponse = z.infer<typeof MessageResponse>;
