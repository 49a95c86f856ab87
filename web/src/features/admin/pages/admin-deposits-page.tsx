import type { DepositSummary } from '@pillars/contracts/admin';
import { useId, useState } from 'react';
import { Link } from 'wouter';
import { depositsTexts as t } from '../deposits-texts';
import { depositsRangeCsvPath, useDeposits, useRefreshDeposits } from '../api/get-deposits';
import { AdminPage } from '../components/admin-page';
import { LoadMore } from '../components/load-more';
import { FilterInput } from '../components/filter-input';
import { ListStates } from '../components/list-states';
import { CardTable } from '../components/card-table';
import { RequestButton } from '../components/request-button';
import { cardClasses, linkClasses, smallButton } from '../components/admin-styles';
import { useRedirectOnUnauthorized } from '../hooks/use-unauthorized-redirect';
import { describeError, formatCentsAsDollars, formatShortDate, formatShortDateTime } from '../lib/format';

const day = (instant: string | null, none = '—') => (instant ? formatShortDate(instant) : none);

function DepositRow({ deposit }: { deposit: DepositSummary }) {
  return (
    <tr>
      <th scope="row" className="px-3 py-2 text-left font-normal whitespace-nowrap">
        {deposit.settlementDate ? <time dateTime={deposit.settlementDate}>{day(deposit.settlementDate)}</time> : '—'}
      </th>
      <td className="px-3 py-2">
        <Link href={`/admin/deposits/${deposit.batch}`} className={linkClasses}>
          {t.openBatch(deposit.batch)}
        </Link>
      </td>
      <td className="px-3 py-2 whitespace-nowrap">{day(deposit.transferDate, t.notTransferred)}</td>
      <td className="px-3 py-2 text-right tabular-nums">
        {deposit.debitCount ?? '—'} / {deposit.reversalCount ?? '—'}
      </td>
      <td className="px-3 py-2 text-right tabular-nums">{formatCentsAsDollars(deposit.grossCents)}</td>
      <td className="px-3 py-2 text-right tabular-nums">{formatCentsAsDollars(deposit.feesCents)}</td>
      <td className="px-3 py-2 text-right font-semibold tabular-nums">{formatCentsAsDollars(deposit.netCents)}</td>
      <td className="px-3 py-2">{deposit.status ?? '—'}</td>
    </tr>
  );
}

function RefreshButton() {
  const refresh = useRefreshDeposits();
  return (
    <RequestButton
      request={refresh}
      label={t.refresh}
      busyLabel={t.refreshing}
      done={t.refreshQueued}
      failed={t.refreshFailed}
    />
  );
}

/** Two labelled dates and the link to the CSV of the deposits between them, offered once it is valid. */
function RangeCsv() {
  const id = useId();
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const valid = from !== '' && to !== '' && from <= to;
  const field = (name: 'from' | 'to', label: string, value: string, set: (value: string) => void) => (
    <FilterInput
      id={`${id}-${name}`}
      label={label}
      type="date"
      value={value}
      onChange={set}
      aria-describedby={`${id}-hint`}
    />
  );
  return (
    <section aria-labelledby={`${id}-title`} className={cardClasses}>
      <h2 id={`${id}-title`} className="text-lg font-bold text-navy-900">
        {t.rangeLabel}
      </h2>
      <div className="mt-3 grid gap-4 sm:grid-cols-3 sm:items-end">
        {field('from', t.rangeFrom, from, setFrom)}
        {field('to', t.rangeTo, to, setTo)}
        <div>
          {valid ? (
            <a href={depositsRangeCsvPath(from, to)} download className={smallButton('outline')}>
              {t.rangeDownload}
            </a>
          ) : null}
        </div>
      </div>
      <p id={`${id}-hint`} className="mt-2 text-sm text-slate-700">
        {t.rangeHint}
      </p>
    </section>
  );
}

/** /admin/deposits: the provider's settlement batches as synced, newest first (docs/decisions/048-deposits.md). */
export function AdminDepositsPage() {
  const query = useDeposits();
  useRedirectOnUnauthorized(query.error);
  const deposits = query.data?.pages.flatMap((page) => page.data) ?? [];
  const lastSyncedAt = query.data?.pages[0]?.lastSyncedAt ?? null;
  const headings = [t.batch, t.transfer, t.counts, t.gross, t.fees, t.net, t.status];

  return (
    <AdminPage
      title={t.listTitle}
      backLink
      intro={
        <>
          <p>{t.listIntro}</p>
          {query.data ? (
            <p className="mt-1 text-sm">
              {lastSyncedAt ? t.lastSynced(formatShortDateTime(lastSyncedAt)) : t.neverSynced}
            </p>
          ) : null}
        </>
      }
      actions={<RefreshButton />}
    >
      <RangeCsv />
      <ListStates
        query={query}
        count={deposits.length}
        loading={t.loadingList}
        loadError={t.errorLoadingList(describeError(query.error))}
        empty={t.noDeposits}
      >
        <CardTable
          caption={t.tableLabel}
          tableClassName="min-w-[44rem]"
          columns={[
            { heading: t.date },
            ...headings.map((heading, index) => ({
              heading,
              className: index >= 2 && index <= 5 ? 'text-right' : '',
            })),
          ]}
        >
          {deposits.map((deposit) => (
            <DepositRow key={deposit.batch} deposit={deposit} />
          ))}
        </CardTable>
        <LoadMore query={query} end={t.end(deposits.length)} />
      </ListStates>
    </AdminPage>
  );
}
