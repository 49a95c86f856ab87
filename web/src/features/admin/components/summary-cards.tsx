import type { ContributorsResponse } from '@pillars/shared/contracts/admin';
import { adminTexts } from '../admin-texts';
import { formatDollars } from '../lib/format';

type Summary = ContributorsResponse['summary'];

/** Totals of contributors, contributions, memberships, registrations and dollars. */
export function SummaryCards({ summary }: { summary: Summary }) {
  const cards = [
    { label: adminTexts.totalContributors, value: summary.totalContributors.toLocaleString('en-US') },
    { label: adminTexts.totalDonations, value: summary.totalDonations.toLocaleString('en-US') },
    { label: adminTexts.totalMemberships, value: summary.totalMemberships.toLocaleString('en-US') },
    { label: adminTexts.totalEventRegistrations, value: summary.totalEventRegistrations.toLocaleString('en-US') },
    { label: adminTexts.totalAmount, value: formatDollars(summary.totalAmount) },
  ];
  return (
    <section aria-label={adminTexts.summaryLabel}>
      <dl className="grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3 xl:grid-cols-5">
        {cards.map((card) => (
          <div
            key={card.label}
            className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm last:col-span-2 md:last:col-span-1"
          >
            <dt className="text-sm font-semibold text-slate-700">{card.label}</dt>
            <dd className="mt-1 font-display text-2xl font-bold break-words text-navy-900 sm:text-3xl">{card.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
