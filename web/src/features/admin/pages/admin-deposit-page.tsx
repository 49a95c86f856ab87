import type { DepositDetail, DepositLine } from '@pillars/contracts/admin';
import { ArrowLeft } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'wouter';
import { ColumnHeaders } from '@/components/ui/column-headers';
import { depositsTexts as t } from '../deposits-texts';
import { depositCsvPath, useDeposit } from '../api/get-deposits';
import { AdminEmpty, AdminLoading, AdminPage } from '../components/admin-page';
import { QueryLoadError } from '../components/admin-load-error';
import { CardTable } from '../components/card-table';
import { TableRegion } from '../components/table-region';
import { cardClasses, linkClasses, smallButton } from '../components/admin-styles';
import { useRedirectOnUnauthorized } from '../hooks/use-unauthorized-redirect';
import { describeError, formatCentsAsDollars, formatShortDate } from '../lib/format';

type Detail = DepositDetail['data'];
const money = formatCentsAsDollars;
const cell = 'px-3 py-2';
const amount = `${cell} text-right tabular-nums`;

/** What disagrees, in words; empty when everything agrees. */
function differences({ comparison, ours }: Detail): string[] {
  return [
    comparison.gross ? t.differsGross : null,
    comparison.fees ? t.differsFees : null,
    comparison.net ? t.differsNet : null,
    comparison.counts ? t.differsCounts : null,
    comparison.unmatched ? t.unmatched(ours.unmatchedCount) : null,
  ].filter((text): text is string => text !== null);
}

function Totals({ detail }: { detail: Detail }) {
  const captionId = useId();
  const { deposit, ours, comparison } = detail;
  const problems = differences(detail);
  const rows: { label: string; ours: string; theirs: string; differs: boolean }[] = [
    {
      label: t.debits,
      ours: String(ours.debitCount),
      theirs: String(deposit.debitCount ?? '—'),
      differs: comparison.counts,
    },
    {
      label: t.reversals,
      ours: String(ours.reversalCount),
      theirs: String(deposit.reversalCount ?? '—'),
      differs: comparison.counts,
    },
    { label: t.gross, ours: money(ours.grossCents), theirs: money(deposit.grossCents), differs: comparison.gross },
    { label: t.fees, ours: money(ours.feesCents), theirs: money(deposit.feesCents), differs: comparison.fees },
    { label: t.ledgerFees, ours: money(ours.ledgerFeesCents), theirs: '—', differs: false },
    { label: t.adjustments, ours: '—', theirs: money(deposit.adjustmentsCents), differs: false },
    { label: t.net, ours: money(ours.netCents), theirs: money(deposit.netCents), differs: comparison.net },
  ];
  return (
    <section aria-labelledby="deposit-totals" className={cardClasses}>
      <h2 id="deposit-totals" className="text-lg font-bold text-navy-900">
        {t.totalsLabel}
      </h2>
      {problems.length === 0 ? (
        <p role="status" className="mt-2 text-emerald-800">
          {t.agrees}
        </p>
      ) : (
        <div
          role="alert"
          className="mt-2 rounded-md border border-crimson-600/30 bg-crimson-50 px-4 py-3 text-crimson-800"
        >
          <p>{t.differs}</p>
          <ul className="list-disc pl-6">
            {problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        </div>
      )}
      <TableRegion captionId={captionId} className="mt-4">
        <table className="w-full max-w-xl min-w-[22rem] text-sm text-navy-900">
          <caption id={captionId} className="sr-only">
            {t.totalsLabel}
          </caption>
          <thead className="bg-navy-50 text-slate-700">
            <tr>
              <ColumnHeaders
                className={`${cell} text-right`}
                columns={[{ label: t.figure, className: `${cell} text-left` }, { label: t.ours }, { label: t.theirs }]}
              />
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200">
            {rows.map((row) => (
              <tr key={row.label} className={row.differs ? 'bg-crimson-50' : undefined}>
                <th scope="row" className={`${cell} text-left font-semibold`}>
                  {row.label}
                  {row.differs ? (
                    <span className="ml-2 text-xs font-normal text-crimson-800">({t.mismatch})</span>
                  ) : null}
                </th>
                <td className={amount}>{row.ours}</td>
                <td className={amount}>{row.theirs}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableRegion>
    </section>
  );
}

function LineRow({ line }: { line: DepositLine }) {
  return (
    <tr className={line.ledgerCents === null ? 'bg-amber-50' : undefined}>
      <td className={`${cell} whitespace-nowrap`}>
        {line.date ? <time dateTime={line.date}>{formatShortDate(line.date)}</time> : '—'}
      </td>
      <th scope="row" className={`${cell} text-left font-mono font-normal whitespace-nowrap`}>
        {line.reference ?? line.providerTransactionId}
      </th>
      <td className={`${cell} break-words`}>{line.contributor ?? '—'}</td>
      <td className={cell}>{line.paymentKind ?? '—'}</td>
      <td className={cell}>{line.kind === 'refund' ? t.typeRefund : t.typeDebit}</td>
      <td className={amount}>{money(line.grossCents)}</td>
      <td className={amount}>{money(line.feeCents)}</td>
      <td className={amount}>{money(line.netCents)}</td>
      <td className={amount}>{line.ledgerCents === null ? t.notInLedger : money(line.ledgerCents)}</td>
    </tr>
  );
}

function Lines({ lines }: { lines: DepositLine[] }) {
  if (lines.length === 0) return <AdminEmpty text={t.noLines} />;
  const headings = [t.when, t.reference, t.contributor, t.kind, t.type, t.gross, t.fee, t.net, t.inLedger];
  return (
    <CardTable
      caption={t.linesLabel}
      captionClassName="px-3 py-2 text-left font-bold"
      tableClassName="min-w-[52rem]"
      columns={headings.map((heading, index) => ({ heading, className: index >= 5 ? 'text-right' : '' }))}
    >
      {lines.map((line) => (
        <LineRow key={line.providerTransactionId} line={line} />
      ))}
    </CardTable>
  );
}

/** /admin/deposits/{batch}: one deposit's payments and refunds, our totals beside Pay Theory's, its CSV. */
export function AdminDepositPage({ batch }: { batch: number }) {
  const query = useDeposit(batch);
  useRedirectOnUnauthorized(query.error);
  const detail = query.data?.data;
  return (
    <AdminPage
      title={t.detailTitle(batch)}
      intro={
        <>
          <Link href="/admin/deposits" className={`${linkClasses} inline-flex min-h-11 items-center gap-2`}>
            <ArrowLeft aria-hidden="true" className="size-4" />
            {t.backToList}
          </Link>
          {detail ? (
            <p>
              {t.date}: {detail.deposit.settlementDate ? formatShortDate(detail.deposit.settlementDate) : '—'} ·{' '}
              {t.transfer}:{' '}
              {detail.deposit.transferDate ? formatShortDate(detail.deposit.transferDate) : t.notTransferred} ·{' '}
              {t.status}: {detail.deposit.status ?? '—'}
            </p>
          ) : null}
        </>
      }
      actions={
        detail ? (
          <a href={depositCsvPath(batch)} download className={smallButton('outline')}>
            {t.csv}
          </a>
        ) : null
      }
    >
      {query.isPending ? (
        <AdminLoading text={t.loadingDetail} />
      ) : query.isError || !detail ? (
        <QueryLoadError text={t.errorLoadingDetail(describeError(query.error))} query={query} />
      ) : (
        <>
          <Totals detail={detail} />
          <Lines lines={detail.lines} />
        </>
      )}
    </AdminPage>
  );
}
