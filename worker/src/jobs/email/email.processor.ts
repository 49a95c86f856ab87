import { EmailJobData } from '@pillars/platform/jobs';
import { type Job, UnrecoverableError } from 'bullmq';
import { type EmailDeps, EmailNotRetried, emailSender } from './send-email';

export { RESET_TOKEN_TTL_MS, type EmailConfig } from './compose';
export type { EmailDeps } from './send-email';

/**
 * send-email: the job carries the e-mail's id only; send-email.ts sends it at most once. A failure
 * a retry cannot mend ends the job for good (UnrecoverableError); any other is retried.
 */
export function emailProcessor(deps: EmailDeps) {
  const sendEmail = emailSender(deps);
  return async (job: Job) => {
    const { emailId } = EmailJobData.parse(job.data);
    try {
      return await sendEmail(emailId);
    } catch (error) {
      if (error instanceof EmailNotRetried) throw new UnrecoverableError(error.message);
      throw error;
    }
  };
}
