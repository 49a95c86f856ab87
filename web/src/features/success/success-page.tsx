import { MEMBERSHIP_PRICE_CENTS } from '@pillars/shared/contracts';
import { CalendarCheck, CircleCheckBig, HandHeart, House, UserCheck, type LucideIcon } from 'lucide-react';
import { Link, useSearch } from 'wouter';
import { buttonClasses } from '@/components/ui/button-styles';
import { useDocumentMeta } from '@/lib/use-document-meta';
import { usePublicConfig } from '@/lib/use-public-config';
import { type SuccessParams, formatUsd, parseSuccessParams } from './success-params';
import { successTexts } from './success-texts';

type SuccessContent = {
  icon: LucideIcon;
  title: string;
  body: string;
  /** The amount line, e.g. 'Monthly Membership: $25.00'; omitted when there is nothing to show. */
  detail: string | null;
};

/** What /success says for each type (product texts). */
function successContent({ kind, amountCents, eventName }: SuccessParams, orgName: string): SuccessContent {
  switch (kind) {
    case 'contribution':
      return {
        icon: HandHeart,
        title: successTexts.contributionTitle,
        body: successTexts.contributionBody,
        detail: amountCents === null ? null : successTexts.contributionAmount(formatUsd(amountCents)),
      };
    case 'membership':
      return {
        icon: UserCheck,
        title: successTexts.membershipTitle(orgName),
        body: successTexts.membershipBody,
        detail: successTexts.membershipFee(formatUsd(MEMBERSHIP_PRICE_CENTS)),
      };
    case 'event':
      return {
        icon: CalendarCheck,
        title: successTexts.eventTitle,
        body: eventName ? successTexts.eventBodyNamed(eventName) : successTexts.eventBody,
        detail: amountCents ? successTexts.eventFee(formatUsd(amountCents)) : successTexts.eventFree,
      };
    case 'other':
      return { icon: CircleCheckBig, title: successTexts.otherTitle, body: successTexts.otherBody, detail: null };
  }
}

/** /success?type=…&amount=…&event=…: the confirmation after a contribution, membership or registration. */
export function SuccessPage() {
  const search = useSearch();
  const { orgName } = usePublicConfig();
  const content = successContent(parseSuccessParams(search), orgName);
  const Icon = content.icon;

  useDocumentMeta({ title: content.title });

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
        <Link href="/" className={buttonClasses('primary', 'mt-10')}>
          <House aria-hidden="true" className="size-5" />
          {successTexts.returnHome}
        </Link>
      </div>
    </div>
  );
}
