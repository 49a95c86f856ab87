import type { ContributorsResponse } from '@pillars/contracts/admin';
import { useId } from 'react';
import { adminTexts } from '../admin-texts';
import { formatDollars } from '../lib/format';

type Summary = ContributorsResponse['summary'];

const CARDS = [
  'totalContributors',
  'totalDonations',
  'totalMemberships',
  'totalEventRegistrations',
  'totalAmount',
] as const;

/**
 * Totals of contributors, contributions, memberships, registrations and dollars, each with a line
 * under it saying what it counts, tied to its figure by aria-describedby.
 */
export function SummaryCards({ summary }: { summary: Summary }) {
  const idPrefix = useId();
  const cards = CARDS.map((key) => ({
    key,
    label: adminTexts[key],
    description: adminTexts.summaryDescriptions[key],
    descriptionId: `${idPrefix}-${key}`,
    value: key === 'totalAmount' ? formatDollars(summary.totalAmount) : summary[key].toLocaleString('en-US'),
  }));
  return (
    <section aria-label={adminTexts.summaryLabel}>
      <dl className="grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3 xl:grid-cols-5">
        {cards.map((card) => (
          <div
            key={card.key}
            className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm last:col-span-2 md:last:col-span-1"
          >
            <dt className="text-sm font-semibold text-slate-700">{card.label}</dt>
            <dd
              aria-describedby={card.descriptionId}
              className="mt-1 font-display text-2xl font-bold break-words text-navy-900 sm:text-3xl"
            >
              {card.value}
            </dd>
            <dd id={card.descriptionId} className="mt-1 text-xs text-slate-700">
              {card.description}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
