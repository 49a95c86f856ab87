import type { ComponentProps } from 'react';
import { SubmitButton } from '@/components/forms/submit-form';
import { TextField } from '@/components/ui/text-field';
import type { SingleSubmission } from '@/lib/use-single-submission';

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
