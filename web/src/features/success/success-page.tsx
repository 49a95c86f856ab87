import { MEMBERSHIP_PRICE_CENTS } from '@pillars/money/rules';
import { CalendarCheck, CircleCheckBig, HandHeart, House, Mail, UserCheck, type LucideIcon } from 'lucide-react';
import { useSyncExternalStore } from 'react';
import { useSearch } from 'wouter';
import { buttonClasses } from '@/components/ui/button-styles';
import { formatChargeDate } from '@/lib/format-date';
import { type MonthlyPlan, type SuccessDetails, readSuccessHandoff } from '@/lib/success-handoff';
import { useDocumentMeta } from '@/lib/use-document-meta';
import { usePublicConfig } from '@/lib/use-public-config';
import { type SuccessParams, formatUsd, parseSuccessParams } from './success-params';
import { successTexts } from './success-texts';
import { IconLink } from '@/components/ui/icon-link';

type SuccessContent = {
  icon: LucideIcon;
  title: string;
  body: string;
  /** The amount line, e.g. 'Monthly Membership: $25.00'; omitted when there is nothing to show. */
  detail: string | null;
  /** For a monthly plan the payment reported: what repeats, and when it is next charged. */
  plan: { note: string | null; nextCharge: { date: string; label: string } | null } | null;
  /** What happens next (the e-mails on their way); null when nothing follows. */
  next: string | null;
};

/** The plan lines of a page whose type matches the plan's kind; null otherwise (e.g. a one-off gift). */
function planLines(plan: MonthlyPlan | null, kind: SuccessParams['kind']): SuccessContent['plan'] {
  const matches =
    (kind === 'contribution' && plan?.kind === 'recurring_donation') ||
    (kind === 'membership' && plan?.kind === 'membership');
  if (!plan || !matches) return null;
  const shown = plan.nextPaymentDate ? formatChargeDate(plan.nextPaymentDate) : null;
  return {
    // 'Monthly Membership: $25.00' already says it repeats.
    note: kind === 'contribution' ? successTexts.contributionMonthly : null,
    nextCharge:
      shown && plan.nextPaymentDate ? { date: plan.nextPaymentDate, label: successTexts.nextCharge(shown) } : null,
  };
}

/** What /success says for each type (product texts). */
function successContent(
  { kind, amountCents, eventName }: SuccessParams,
  orgName: string,
  plan: MonthlyPlan | null,
): SuccessContent {
  switch (kind) {
    case 'contribution':
      return {
        icon: HandHeart,
        title: successTexts.contributionTitle,
        body: successTexts.contributionBody,
        detail: amountCents === null ? null : successTexts.contributionAmount(formatUsd(amountCents)),
        plan: planLines(plan, kind),
        next: successTexts.nextContribution,
      };
    case 'membership':
      return {
        icon: UserCheck,
        title: successTexts.membershipTitle(orgName),
        body: successTexts.membershipBody,
        detail: successTexts.membershipFee(formatUsd(MEMBERSHIP_PRICE_CENTS)),
        plan: planLines(plan, kind),
        next: successTexts.nextMembership,
      };
    case 'event':
      return {
        icon: CalendarCheck,
        title: successTexts.eventTitle,
        body: eventName ? successTexts.eventBodyNamed(eventName) : successTexts.eventBody,
        detail: amountCents ? successTexts.eventFee(formatUsd(amountCents)) : successTexts.eventFree,
        plan: null,
        next: amountCents ? successTexts.nextEventPaid : successTexts.nextEventFree,
      };
    case 'other':
      return {
        icon: CircleCheckBig,
        title: successTexts.otherTitle,
        body: successTexts.otherBody,
        detail: null,
        plan: null,
        next: null,
      };
  }
}

function subscribeToHistory(onChange: () => void): () => void {
  window.addEventListener('popstate', onChange);
  return () => window.removeEventListener('popstate', onChange);
}

/**
 * The history entry's hand-off. The server has no history, so it renders (and hydration starts
 * from) the page without it; the browser's entry follows at once.
 */
function useSuccessDetails(): SuccessDetails | null {
  const state: unknown = useSyncExternalStore(
    subscribeToHistory,
    (): unknown => window.history.state as unknown,
    () => null,
  );
  return readSuccessHandoff(state);
}

/**
 * /success?type=…&amount=…&event=…: the confirmation after a contribution, membership or
 * registration, with what happens next. After a payment in this tab it also shows the payment's
 * reference and, for a monthly plan, says so and names the next charge date, handed over in the
 * history state (lib/success-handoff); without it, the query alone.
 */
export function SuccessPage() {
  const search = useSearch();
  const { orgName } = usePublicConfig();
  const details = useSuccessDetails();
  const content = successContent(parseSuccessParams(search), orgName, details?.monthlyPlan ?? null);
  const reference = details?.reference ?? null;
  const { plan } = content;
  const Icon = content.icon;

  useDocumentMeta({ title: content.title, description: content.body });

  return (
    <div className="mx-auto max-w-2xl px-4 py-16 sm:px-6 sm:py-24 lg:px-8">
      <div className="rounded-xl border-t-4 border-crimson-600 bg-white px-6 py-10 text-center shadow-sm sm:px-12 sm:py-14">
        <span className="mx-auto inline-flex size-20 items-center justify-center rounded-full bg-navy-50 text-navy-700">
          <Icon aria-hidden="true" className="size-10" />
        </span>
        <h1 className="mt-6 font-display text-3xl font-bold break-words text-navy-900 sm:text-4xl">{content.title}</h1>
        <span aria-hidden="true" className="mx-auto mt-4 block h-1 w-16 rounded-full bg-gold-400" />
        <p className="mt-6 text-lg break-words text-slate-700">{content.body}</p>
        {content.detail ? (
          <p className="mt-8 rounded-md bg-navy-50 px-5 py-4 text-lg font-semibold text-navy-900">{content.detail}</p>
        ) : null}
        {plan?.note ? <p className="mt-4 text-lg text-slate-700">{plan.note}</p> : null}
        {plan?.nextCharge ? (
          <p className="mt-4 text-lg text-slate-700">
            <time dateTime={plan.nextCharge.date}>{plan.nextCharge.label}</time>
          </p>
        ) : null}
        {reference ? (
          <p className="mt-4 text-slate-700">
            {successTexts.reference}:{' '}
            {/* A short token (PAY- and 10 digits) that fits any phone: it moves to its own line whole. */}
            <span className="font-mono font-semibold whitespace-nowrap text-navy-900">{reference}</span>
          </p>
        ) : null}
        {content.next ? (
          <p className="mt-6 flex items-start justify-center gap-2 text-left text-slate-700 sm:text-center">
            <Mail aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-navy-700" />
            <span>{content.next}</span>
          </p>
        ) : null}
        <IconLink href="/" icon={House} className={buttonClasses('primary', 'mt-10')}>
          {successTexts.returnHome}
        </IconLink>
      </div>
    </div>
  );
}
