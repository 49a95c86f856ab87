import type { ContributorRow } from '@pillars/shared/contracts/admin';
import { Download, Mail } from 'lucide-react';
import { useDeferredValue, useId, useMemo, useState } from 'react';
import { buttonClasses } from '@/components/ui/button-styles';
import { useToast } from '@/components/ui/use-toast';
import { usePublicConfig } from '@/lib/use-public-config';
import { adminTexts } from '../admin-texts';
import { useConfirmStatus } from '../api/confirm-status';
import { useReportActionError } from '../hooks/use-report-action-error';
import {
  type ContributorFilters,
  DEFAULT_SORT,
  type SortKey,
  type SortState,
  contributorName,
  emptyFilters,
  filterContributors,
  nextSort,
  rowKey,
  sortContributors,
} from '../lib/contributors-table';
import { contributorsCsv, contributorsCsvFileName } from '../lib/csv';
import { downloadCsv } from '../lib/download';
import { uniqueRecipients } from '../lib/mailto';
import { outlineButton } from './admin-styles';
import { ContributorsTable } from './contributors-table';
import { ContributorsToolbar } from './contributors-toolbar';
import { EmailDialog } from './email-dialog';

/** Rows rendered at first and added by each "Show more": the list may hold tens of thousands. */
export const PAGE_SIZE = 100;

/**
 * The dashboard's working area: search and filters, the sortable table with its
 * selection and Confirm buttons, CSV export and the bulk e-mail of the selected rows.
 */
export function ContributorsPanel({ contributors }: { contributors: readonly ContributorRow[] }) {
  const { orgName } = usePublicConfig();
  const { toast } = useToast();
  const reportError = useReportActionError();
  const confirmStatus = useConfirmStatus();
  const headingId = useId();

  const [filters, setFilters] = useState<ContributorFilters>(emptyFilters);
  const [advancedOpen, setAdvancedOpen] = useState(false);
  const [sort, setSort] = useState<SortState>(DEFAULT_SORT);
  const [limit, setLimit] = useState(PAGE_SIZE);
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set());
  const [confirming, setConfirming] = useState<ReadonlySet<string>>(() => new Set());

  // Typing stays responsive with a long list: the table catches up with the latest filters.
  const deferredFilters = useDeferredValue(filters);
  const rows = useMemo(
    () => sortContributors(filterContributors(contributors, deferredFilters), sort),
    [contributors, deferredFilters, sort],
  );
  // The selection acts on the rows that match the filters; a hidden row stays selected for later.
  const selectedRows = useMemo(() => rows.filter((row) => selected.has(rowKey(row))), [rows, selected]);
  const shownRows = rows.slice(0, limit);
  const allSelected =
    selectedRows.length === 0 ? 'none' : selectedRows.length === rows.length ? 'all' : ('some' as const);

  const changeFilters = (next: ContributorFilters) => {
    setFilters(next);
    setLimit(PAGE_SIZE);
  };

  const changeSort = (key: SortKey) => {
    setSort((current) => nextSort(current, key));
    setLimit(PAGE_SIZE);
  };

  const toggleRow = (row: ContributorRow) => {
    const key = rowKey(row);
    setSelected((current) => {
      const next = new Set(current);
      if (!next.delete(key)) next.add(key);
      return next;
    });
  };

  const toggleAll = () => {
    setSelected((current) => {
      const next = new Set(current);
      if (allSelected === 'all') for (const row of rows) next.delete(rowKey(row));
      else for (const row of rows) next.add(rowKey(row));
      return next;
    });
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

  // The selected rows when there are any, else every row matching the filters.
  const exportCsv = () => {
    const exported = selectedRows.length > 0 ? selectedRows : rows;
    downloadCsv(contributorsCsvFileName(new Date()), contributorsCsv(exported));
  };

  const recipients = uniqueRecipients(selectedRows.map((row) => row.email));

  return (
    <section aria-labelledby={headingId} className="space-y-4">
      <h2 id={headingId} className="font-display text-2xl font-bold text-navy-900">
        {adminTexts.contributorsLink}
      </h2>
      <ContributorsToolbar
        filters={filters}
        onFiltersChange={changeFilters}
        advancedOpen={advancedOpen}
        onAdvancedOpenChange={setAdvancedOpen}
      />

      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p role="status" className="text-sm text-slate-700">
          {adminTexts.resultsCount(rows.length, contributors.length, selectedRows.length)}
        </p>
        <div className="flex flex-wrap gap-3">
          <button type="button" onClick={exportCsv} className={outlineButton()}>
            <Download aria-hidden="true" className="size-4" />
            {adminTexts.exportCsv}
          </button>
          <EmailDialog
            title={adminTexts.emailSelectedTitle}
            description={adminTexts.emailDescription(recipients.length)}
            recipients={recipients}
            defaultSubject={adminTexts.dashboardSubject(orgName)}
            trigger={
              <button
                type="button"
                disabled={recipients.length === 0}
                className={buttonClasses('secondary', 'text-sm')}
              >
                <Mail aria-hidden="true" className="size-4" />
                {recipients.length > 0 ? adminTexts.emailSelectedCount(recipients.length) : adminTexts.emailSelected}
              </button>
            }
          />
        </div>
      </div>

      <ContributorsTable
        rows={shownRows}
        sort={sort}
        onSort={changeSort}
        selected={selected}
        onToggleRow={toggleRow}
        allSelected={allSelected}
        onToggleAll={toggleAll}
        onConfirm={(row) => void confirm(row)}
        confirming={confirming}
      />

      {rows.length > shownRows.length ? (
        <div className="flex justify-center">
          <button type="button" onClick={() => setLimit((current) => current + PAGE_SIZE)} className={outlineButton()}>
            {adminTexts.showMore(Math.min(PAGE_SIZE, rows.length - shownRows.length))}
          </button>
        </div>
      ) : null}
    </section>
  );
}
