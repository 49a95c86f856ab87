import { ManageLinkRequest } from '@pillars/contracts';
import { HandHeart } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { StatusMessage } from '@/components/ui/status-message';
import { AuthCard } from '@/features/auth/components/auth-card';
import { AuthEmailField, AuthSubmitButton } from '@/features/auth/components/auth-form-parts';
import { LinkSentCard, useLinkSent } from '@/features/auth/components/auth-notice-card';
import { apiErrorMessage } from '@/lib/api-error-message';
import { useRequestManageLink } from '../api/manage-api';
import { manageTexts as texts } from '../manage-texts';
import { SubmitForm } from '@/components/forms/submit-form';
import { useSchemaForm } from '@/components/forms/use-schema-form';

/**
 * "Manage your giving" without a session: an e-mail address, then the same confirmation whatever
 * the address (the API never says whether it knows it). `notice` explains why the visitor is here
 * again: a spent or expired link, or a session that ended. The heading takes focus when the form
 * replaces something (a notice, or the dashboard after signing out).
 */
export function RequestLinkForm({ notice, focusHeading = false }: { notice?: ReactNode; focusHeading?: boolean }) {
  const mutation = useRequestManageLink();
  const { sent, markSent, sendAnother } = useLinkSent(mutation.reset);
  const [failure, setFailure] = useState<string | null>(null);
  const { register, handleSubmit, errors, submission } = useSchemaForm(ManageLinkRequest, { email: '' });

  const requestLink = (request: ManageLinkRequest) =>
    submission.run(async () => {
      setFailure(null);
      try {
        await mutation.mutateAsync(request);
      } catch (error) {
        if (submission.isMounted()) setFailure(apiErrorMessage(error) ?? texts.requestFailed);
        return;
      }
      if (submission.isMounted()) markSent();
    });

  if (sent) {
    return <LinkSentCard texts={texts} onSendAnother={sendAnother} />;
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
          <AuthEmailField id="manage-email" label={texts.email} error={errors.email?.message} {...register('email')} />
          {failure ? (
            <p role="alert" className="text-sm text-crimson-700">
              {failure}
            </p>
          ) : null}
          <AuthSubmitButton submission={submission} texts={texts} />
        </SubmitForm>
      </div>
    </AuthCard>
  );
}
