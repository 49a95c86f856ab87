import type { LucideIcon } from 'lucide-react';
import type { ComponentProps, FormEvent, ReactNode } from 'react';
import { SubmitButton, SubmitForm } from '@/components/forms/submit-form';
import { TextField } from '@/components/ui/text-field';
import type { SingleSubmission } from '@/lib/use-single-submission';
import { AuthCard } from './auth-card';

/** The full-width submit button of the sign-in and link-request cards. */
export function AuthSubmitButton({
  submission,
  texts,
}: {
  submission: SingleSubmission;
  texts: { submit: string; submitting: string };
}) {
  return (
    <SubmitButton busy={submission.pending} busyLabel={texts.submitting} variant="secondary" className="w-full">
      {texts.submit}
    </SubmitButton>
  );
}

/** The one required e-mail input of a card that sends a link. */
export function AuthEmailField(props: Omit<ComponentProps<typeof TextField>, 'type' | 'autoComplete' | 'required'>) {
  return <TextField type="email" autoComplete="email" required {...props} />;
}

type AuthFormCardProps = {
  icon: LucideIcon;
  texts: { title: string; intro: string; formLabel: string };
  submission: SingleSubmission;
  /** react-hook-form's `handleSubmit(onValid)`. */
  onSubmit: (event: FormEvent<HTMLFormElement>) => Promise<void>;
  children: ReactNode;
};

/** A sign-in page's card holding its one form. */
export function AuthFormCard({ icon, texts, submission, onSubmit, children }: AuthFormCardProps) {
  return (
    <AuthCard icon={icon} title={texts.title} intro={texts.intro}>
      <SubmitForm label={texts.formLabel} submission={submission} className="space-y-5" onSubmit={onSubmit}>
        {children}
      </SubmitForm>
    </AuthCard>
  );
}
