import { RECONCILIATION_DIFFERENCE_KINDS, type ReconciliationRun } from '@pillars/contracts/admin';
import { useId } from 'react';
import { reconciliationTexts as texts } from '../reconciliation-texts';
import { useReconciliationRuns, useStartReconciliation } from '../api/reconciliation';
import { AdminPage } from '../components/admin-page';
import { ListStates } from '../components/list-states';
import { cardClasses } from '../components/admin-styles';
import { RequestButton } from '../components/request-button';
import { PaymentDetailButton } from '../components/payment-detail-dialog';
import { TableRegion } from '../components/table-region';
import { useRedirectOnUnauthorized } from '../hooks/use-unauthorized-redirect';
import { describeError, formatCentsAsDollars, formatShortDateTime } from '../lib/format';

const when = (run: ReconciliationRun) => formatShortDateTime(run.startedAt ?? run.windowTo ?? new Date().toISOString());

function RunReport({ run }: { run: ReconciliationRun }) {
  const captionId = useId();
  const heading = texts.runHeading(when(run));
  const counted = RECONCILIATION_DIFFERENCE_KINDS.filter((kind) => (run.counts[kind] ?? 0) > 0);
  return (
    <section aria-label={heading} className={cardClasses}>
      <h2 className="text-lg font-semibold text-navy-900">{heading}</h2>
      <dl className="mt-3 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
        <dt className="font-semibold">{texts.state}</dt>
        <dd>
          {texts.states[run.state]}
          {run.error ? ` — ${run.error}` : ''}
        </dd>
        <dt className="font-semibold">{texts.window}</dt>
        <dd>
          {run.windowFrom && run.windowTo
            ? texts.windowText(formatShortDateTime(run.windowFrom), formatShortDateTime(run.windowTo))
            : '—'}
        </dd>
        <dt className="font-semibold">{texts.requestedBy}</dt>
        <dd>{run.requestedBy}</dd>
        <dt className="font-semibold">{texts.matched}</dt>
        <dd>{run.matched}</dd>
        {counted.map((kind) => (
          <div key={kind} className="contents">
            <dt className="font-semibold">{texts.kinds[kind]}</dt>
            <dd>{run.counts[kind]}</dd>
          </div>
        ))}
      </dl>
      {run.differences.length === 0 ? (
        run.state === 'succeeded' ? (
          <p className="mt-3 text-sm">{texts.noDifferences}</p>
        ) : null
      ) : (
        <TableRegion captionId={captionId} className="mt-4">
          <table className="w-full min-w-[40rem] text-left text-sm text-navy-900">
            <caption id={captionId} className="sr-only">
              {texts.differencesLabel(when(run))}
            </caption>
            <thead className="bg-navy-50 text-slate-700">
              <tr>
                {[texts.kind, texts.providerId, texts.amount, texts.detail, texts.payment].map((h) => (
                  <th key={h} scope="col" className="px-3 py-2">
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200">
              {run.differences.map((d, i) => (
                <tr key={`${d.kind}-${d.providerTransactionId ?? i}`} className="align-top">
                  <td className="px-3 py-2">{texts.kinds[d.kind]}</td>
                  <td className="px-3 py-2 font-mono [overflow-wrap:anywhere]">{d.providerTransactionId ?? '—'}</td>
                  <td className="px-3 py-2 whitespace-nowrap">
                    {d.amountCents === null ? '—' : formatCentsAsDollars(d.amountCents)}
                  </td>
                  <td className="px-3 py-2">{d.detail}</td>
                  <td className="px-3 py-2">
                    {d.recordId ? (
                      <PaymentDetailButton recordId={d.recordId} name={d.recordName ?? d.paymentId ?? ''} />
                    ) : (
                      texts.noPayment
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableRegion>
      )}
    </section>
  );
}

/** /admin/reconciliation: each run's report, and a button to start one (docs/decisions/049-reconciliation.md). */
export function AdminReconciliationPage() {
  const runs = useReconciliationRuns();
  const start = useStartReconciliation();
  useRedirectOnUnauthorized(runs.error ?? start.error);
  const list = runs.data?.data ?? [];
  return (
    <AdminPage title={texts.title} backLink intro={<p>{texts.intro}</p>}>
      <RequestButton
        className={cardClasses}
        request={start}
        label={texts.start}
        busyLabel={texts.starting}
        done={texts.started}
      />
      <ListStates
        query={runs}
        count={list.length}
        loading={texts.loading}
        loadError={texts.loadError(describeError(runs.error))}
        empty={texts.none}
      >
        {list.map((run) => (
          <RunReport key={run.id} run={run} />
        ))}
      </ListStates>
    </AdminPage>
  );
}
