import { type ContributorRow, isTimeZone } from '@pillars/contracts/admin';
import { Download, Mail } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { buttonClasses } from '@/components/ui/button-styles';
import { ApiRequestError } from '@/lib/api';
import { useToast } from '@/components/ui/use-toast';
import { usePublicConfig } from '@/lib/use-public-config';
import { adminTexts } from '../admin-texts';
import { InvalidResponseError } from '../api/admin-query';
import { useConfirmStatus } from '../api/confirm-status';
import { CONTRIBUTORS_PAGE_SIZE, contributorsExportUrl } from '../api/get-contributors';
import type { ContributorsList } from '../hooks/use-contributors-list';
import { useReportActionError } from '../hooks/use-report-action-error';
import { isRowSelected } from '../lib/contributor-selection';
import { downloadFrom } from '../lib/download';
import { contributorName, rowKey } from '../lib/contributors-table';
import { describeError } from '../lib/format';
import { AdminLoadError } from './admin-load-error';
import { outlineButton } from './admin-styles';
import { ContributorsTable } from './contributors-table';
import { ContributorsToolbar } from './contributors-toolbar';
import { EmailDialog } from './email-dialog';

/** The admin's IANA zone, in which the server dates the export, when the browser names a valid one. */
function adminTimeZone(): string | undefined {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return zone && isTimeZone(zone) ? zone : undefined;
}

/** Why the contributors failed to load: the wrong shape, an HTTP error with its message, or no answer at all. */
export function contributorsLoadErrorText(error: Error): string {
  if (error instanceof InvalidResponseError) return adminTexts.failedToLoadContributors;
  return adminTexts.errorLoadingContributors(
    error instanceof ApiRequestError ? describeError(error) : adminTexts.failedToFetchContributors,
  );
}

/** The table's select-all box, or the checkbox of its row at `index`. */
function checkboxIn(table: HTMLElement | null, which: 'select-all' | number): HTMLInputElement | undefined {
  return which === 'select-all'
    ? (table?.querySelector<HTMLInputElement>('thead input[type="checkbox"]') ?? undefined)
    : table?.querySelectorAll<HTMLInputElement>('tbody input[type="checkbox"]')[which];
}

/**
 * The dashboard's working area (docs/decisions/031, 033): search and filters, the sortable table
 * paged by the server with its selection and Confirm buttons, the CSV export (the server's stream,
 * downloaded by the browser) and the bulk e-mail of the selection.
 */
export function ContributorsPanel({ list }: { list: ContributorsList }) {
  const { orgName } = usePublicConfig();
  const { toast } = useToast();
  const reportError = useReportActionError();
  const confirmStatus = useConfirmStatus();
  const headingId = useId();
  const exportNoteId = useId();
  const tableRef = useRef<HTMLDivElement>(null);
  const moreRef = useRef<HTMLButtonElement>(null);
  const [advancedOpen, setAdvancedOpen] = useState(false);
  const [confirming, setConfirming] = useState<ReadonlySet<string>>(() => new Set());
  // The index of the first row a "Show more" asked for, until it has arrived.
  const firstNewRow = useRef<number | null>(null);

  const { pages, rows, matching, selection, selected, recipients } = list;
  // Focus stays on "Show more" while more pages follow; after the last one the button is gone, so
  // focus moves to the first row it brought (just before where the button was).
  useEffect(() => {
    const first = firstNewRow.current;
    if (first === null) return;
    if (rows.length > first) {
      firstNewRow.current = null;
      const active = document.activeElement;
      const focusLost = !active || active === document.body || !active.isConnected;
      if (!moreRef.current && focusLost) checkboxIn(tableRef.current, first)?.focus();
    } else if (pages.isFetchNextPageError) {
      firstNewRow.current = null;
    }
  }, [pages.isFetchNextPageError, rows.length]);

  const showMore = () => {
    if (pages.isFetchingNextPage) return;
    firstNewRow.current = rows.length;
    void pages.fetchNextPage();
  };

  const clearSelection = () => {
    list.clearSelection();
    // The button goes away with the selection: focus goes to the select-all box that can make one.
    checkboxIn(tableRef.current, 'select-all')?.focus();
  };

  // mutateAsync, not mutate's callbacks: those fire only for the latest call, and an admin may
  // confirm several rows before the first answer arrives.
  const confirm = async (row: ContributorRow) => {
    const key = rowKey(row);
    const name = contributorName(row);
    setConfirming((current) => new Set(current).add(key));
    try {
      await confirmStatus.mutateAsync(row);
      toast({ title: adminTexts.confirmedTitle, description: adminTexts.confirmedBody(row.type, name) });
    } catch (error) {
      reportError(adminTexts.confirmFailedTitle, error);
    } finally {
      setConfirming((current) => {
        const next = new Set(current);
        next.delete(key);
        return next;
      });
    }
  };

  const addresses = recipients.addresses;
  const emailDescription =
    addresses === null
      ? adminTexts.loadingRecipients
      : `${adminTexts.emailDescription(addresses.length)}${recipients.capped ? ` ${adminTexts.recipientsCapped(addresses.length, matching)}` : ''}`;
  const partialSelection = selection.kind === 'rows' && selected > 0;

  return (
    <section aria-labelledby={headingId} className="space-y-4">
      <h2 id={headingId} className="font-display text-2xl font-bold text-navy-900">
        {adminTexts.contributorsLink}
      </h2>
      <ContributorsToolbar
        filters={list.filters}
        onFiltersChange={list.changeFilters}
        advancedOpen={advancedOpen}
        onAdvancedOpenChange={setAdvancedOpen}
      />

      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
          <p role="status" className="text-sm text-slate-700">
            {adminTexts.resultsShown(rows.length, matching)}
            {selected > 0
              ? ` ${selection.kind === 'all' ? adminTexts.allMatchingSelected(selected) : adminTexts.rowsSelected(selected)}`
              : ''}
          </p>
          {selected > 0 ? (
            <button type="button" onClick={clearSelection} className={outlineButton('min-h-11 px-3')}>
              {adminTexts.clearSelection}
            </button>
          ) : null}
        </div>
        <div className="flex flex-wrap gap-3">
          {/* The server streams the file; the browser saves it as it arrives, holding no rows. */}
          <button
            type="button"
            onClick={() => downloadFrom(contributorsExportUrl(list.query, adminTimeZone()))}
            aria-describedby={partialSelection ? exportNoteId : undefined}
            className={outlineButton()}
          >
            <Download aria-hidden="true" className="size-4" />
            {adminTexts.exportCsv}
          </button>
          <EmailDialog
            title={adminTexts.emailSelectedTitle}
            description={emailDescription}
            recipients={addresses ?? []}
            defaultSubject={adminTexts.dashboardSubject(orgName)}
            trigger={
              <button
                type="button"
                disabled={!addresses || addresses.length === 0}
                className={buttonClasses('secondary', 'text-sm')}
              >
                <Mail aria-hidden="true" className="size-4" />
                {addresses && addresses.length > 0
                  ? adminTexts.emailSelectedCount(addresses.length)
                  : adminTexts.emailSelected}
              </button>
            }
          />
        </div>
      </div>
      {partialSelection ? (
        <p id={exportNoteId} className="text-sm text-slate-700">
          {adminTexts.exportCoversAll(matching)}
        </p>
      ) : null}
      {recipients.query?.isPending ? (
        <p role="status" className="text-sm text-slate-700">
          {adminTexts.loadingRecipients}
        </p>
      ) : null}
      {recipients.query?.isError ? (
        <AdminLoadError
          text={adminTexts.recipientsLoadError(describeError(recipients.query.error))}
          error={recipients.query.error}
          onRetry={() => void recipients.query?.refetch()}
          retrying={recipients.query.isFetching}
        />
      ) : null}

      <div ref={tableRef}>
        <ContributorsTable
          rows={rows}
          busy={pages.isPlaceholderData}
          sort={list.sort}
          onSort={list.changeSort}
          isSelected={(row) => isRowSelected(selection, row)}
          onToggleRow={list.toggleRow}
          allSelected={list.selectAll}
          onToggleAll={list.toggleAll}
          onConfirm={(row) => void confirm(row)}
          confirming={confirming}
        />
      </div>

      {pages.isFetchNextPageError && pages.error ? (
        <AdminLoadError
          text={contributorsLoadErrorText(pages.error)}
          hint={adminTexts.loadFailedHint('more contributors')}
          error={pages.error}
          onRetry={showMore}
          retrying={pages.isFetchingNextPage}
        />
      ) : null}
      {pages.hasNextPage && !pages.isPlaceholderData ? (
        <div className="flex justify-center">
          {/* aria-disabled, not disabled, while loading: a disabled button would drop the focus. */}
          <button
            ref={moreRef}
            type="button"
            aria-disabled={pages.isFetchingNextPage}
            onClick={showMore}
            className={outlineButton()}
          >
            {pages.isFetchingNextPage
              ? adminTexts.loadingMore
              : adminTexts.showMore(Math.min(CONTRIBUTORS_PAGE_SIZE, Math.max(matching - rows.length, 1)))}
          </button>
        </div>
      ) : null}
    </section>
  );
}
