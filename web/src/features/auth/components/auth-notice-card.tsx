import { type LucideIcon, MailCheck } from 'lucide-react';
import { type ReactNode, useCallback, useState } from 'react';
import { buttonClasses } from '@/components/ui/button-styles';
import { cn } from '@/lib/cn';
import { AuthCard } from './auth-card';

type AuthNoticeCardProps = {
  icon: LucideIcon;
  tone?: 'default' | 'error';
  title: string;
  focusHeading?: boolean;
  /** The news in a sentence, then a hint at what comes next. */
  body: string;
  hint: string;
  /** The card's vertical rhythm, e.g. 'space-y-5'. */
  spacing: string;
  children?: ReactNode;
};

/** A card that replaces a form with its outcome: a link sent, a link invalid, a password reset. */
export function AuthNoticeCard({ body, hint, spacing, children, ...card }: AuthNoticeCardProps) {
  return (
    <AuthCard {...card}>
      <div className={cn(spacing, 'text-center')}>
        <p className="text-lg text-navy-900">{body}</p>
        <p className="text-slate-700">{hint}</p>
        {children}
      </div>
    </AuthCard>
  );
}

/** The secondary full-width button of a notice card ('Send Another Link', 'Go to Login Now'). */
export function NoticeButton({ onClick, children }: { onClick: () => void; children: ReactNode }) {
  return (
    <button type="button" onClick={onClick} className={buttonClasses('secondary', 'w-full')}>
      {children}
    </button>
  );
}

type LinkSentTexts = { sentTitle: string; sentBody: string; sentHint: string; sendAnother: string };

/** 'Check your e-mail' after a link was asked for, whatever the address; another may be asked for. */
export function LinkSentCard({
  texts,
  onSendAnother,
  children,
}: {
  texts: LinkSentTexts;
  onSendAnother: () => void;
  children?: ReactNode;
}) {
  return (
    <AuthNoticeCard
      icon={MailCheck}
      title={texts.sentTitle}
      focusHeading
      body={texts.sentBody}
      hint={texts.sentHint}
      spacing="space-y-5"
    >
      <NoticeButton onClick={onSendAnother}>{texts.sendAnother}</NoticeButton>
      {children}
    </AuthNoticeCard>
  );
}

/**
 * Whether a link was sent: `markSent` shows the LinkSentCard, `sendAnother` clears the finished
 * request (its `reset`) and brings the form back.
 */
export function useLinkSent(reset: () => void) {
  const [sent, setSent] = useState(false);
  const markSent = useCallback(() => setSent(true), []);
  const sendAnother = useCallback(() => {
    reset();
    setSent(false);
  }, [reset]);
  return { sent, markSent, sendAnother };
}
