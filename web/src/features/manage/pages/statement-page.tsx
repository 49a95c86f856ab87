import { StatementYear } from '@pillars/contracts';
import { ArrowLeft, Printer } from 'lucide-react';
import { useParams } from 'wouter';
import { StatusMessage } from '@/components/ui/status-message';
import { buttonClasses } from '@/components/ui/button-styles';
import { ApiRequestError } from '@/lib/api';
import { formatChargeDate } from '@/lib/format-date';
import { MANAGE_PATH } from '@/lib/paths';
import { useDocumentMeta } from '@/lib/use-document-meta';
import { useGivingStatement } from '../api/manage-api';
import { formatMoney } from '../lib/money';
import { RequestLinkForm } from '../components/request-link-form';
import { manageTexts, statementTexts as texts } from '../manage-texts';
import { IconLink } from '@/components/ui/icon-link';

const day = (iso: string) => formatChargeDate(iso) ?? iso;

function Statement({ year }: { year: number }) {
  const statement = useGivingStatement(year);

  if (statement.isPending) {
    return (
      <p role="status" className="py-24 text-center text-lg text-slate-700">
        {texts.loading}
      </p>
    );
  }
  if (statement.isError) {
    if (statement.error instanceof ApiRequestError && statement.error.status === 401) {
      return <RequestLinkForm notice={manageTexts.sessionEnded} />;
    }
    return <StatusMessage tone="error">{texts.loadFailed}</StatusMessage>;
  }
  const { data } = statement;
  return (
    <article
      aria-labelledby="statement-title"
      className="rounded-lg bg-white p-6 shadow-sm print:p-0 print:shadow-none"
    >
      <header className="border-b border-slate-300 pb-4">
        <p className="font-display text-xl font-bold text-navy-900">{data.orgLegalName}</p>
        <p className="text-slate-700">{texts.issuedBy(data.orgLegalName, data.orgEin)}</p>
        <h1 id="statement-title" className="mt-4 font-display text-3xl font-bold text-navy-900">
          {texts.title(data.year)}
        </h1>
      </header>
      <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
        <dt className="font-semibold">{texts.donor}</dt>
        <dd>{data.donorName ? `${data.donorName} · ${data.email}` : data.email}</dd>
        <dt className="font-semibold">{texts.issuedOn}</dt>
        <dd>{day(data.issuedAt)}</dd>
      </dl>
      <p className="mt-4 text-slate-700">{texts.intro(data.year)}</p>
      {data.lines.length === 0 ? (
        <p className="mt-6">{texts.noGifts(data.year)}</p>
      ) : (
        <table className="stacked-table mt-6 w-full border-collapse">
          <thead>
            <tr className="border-b border-slate-300 text-left">
              {[texts.columns.date, texts.columns.receiptNumber, texts.columns.description].map((column) => (
                <th key={column} scope="col" className="py-2 pr-3">
                  {column}
                </th>
              ))}
              <th scope="col" className="py-2 text-right">
                {texts.columns.amount}
              </th>
            </tr>
          </thead>
          <tbody>
            {data.lines.map((line) => (
              <tr key={line.receiptNumber} className="border-b border-slate-200">
                <td className="py-2 pr-3" data-label={texts.columns.date}>
                  {day(line.date)}
                </td>
                <td className="py-2 pr-3 font-mono text-sm whitespace-nowrap" data-label={texts.columns.receiptNumber}>
                  {line.receiptNumber}
                </td>
                <td className="py-2 pr-3" data-label={texts.columns.description}>
                  {line.refund ? `${texts.refund}: ${texts.kinds[line.kind]}` : texts.kinds[line.kind]}
                </td>
                <td className="py-2 sm:text-right" data-label={texts.columns.amount}>
                  {formatMoney(line.amountCents)}
                </td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row" colSpan={3} className="py-3 pr-3 text-left">
                {texts.total}
              </th>
              <td className="py-3 text-right font-bold">{formatMoney(data.totalCents)}</td>
            </tr>
          </tfoot>
        </table>
      )}
      <p className="mt-6 text-slate-700">{data.goodsStatement}</p>
    </article>
  );
}

/**
 * /manage/statement/:year: a printable giving statement (the Print button and the print
 * stylesheet leave only the statement on paper). Needs the manage session.
 */
export function StatementPage() {
  const params = useParams<{ year: string }>();
  const year = StatementYear.safeParse(params.year);
  useDocumentMeta({ title: year.success ? texts.pageTitle(year.data) : manageTexts.pageTitle });

  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6 print:max-w-none print:p-0">
      <div className="mb-6 flex flex-wrap justify-between gap-3 print:hidden">
        <IconLink href={MANAGE_PATH} icon={ArrowLeft} className={buttonClasses('secondary')}>
          {texts.back}
        </IconLink>
        {year.success ? (
          <button type="button" onClick={() => window.print()} className={buttonClasses('primary')}>
            <Printer aria-hidden="true" className="size-5" />
            {texts.print}
          </button>
        ) : null}
      </div>
      {year.success && /^\d{4}$/.test(params.year) ? (
        <Statement year={year.data} />
      ) : (
        <StatusMessage tone="error">{texts.invalidYear}</StatusMessage>
      )}
    </div>
  );
}
