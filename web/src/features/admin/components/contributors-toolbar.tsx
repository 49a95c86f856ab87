import { TEXT_LIMITS } from '@pillars/contracts';
import { ContributorStatusFilter, ContributorType } from '@pillars/contracts/admin';
import { ChevronDown, Search } from 'lucide-react';
import { useId } from 'react';
import { cn } from '@/lib/cn';
import { FieldShell } from '@/components/ui/field-shell';
import { adminTexts } from '../admin-texts';
import { type ContributorFilters, emptyFilters } from '../lib/contributors-table';
import { fieldClasses, iconFieldClasses, outlineButton } from './admin-styles';

type ContributorsToolbarProps = {
  filters: ContributorFilters;
  onFiltersChange: (filters: ContributorFilters) => void;
  advancedOpen: boolean;
  onAdvancedOpenChange: (open: boolean) => void;
};

const typeValues = ['all', ...ContributorType.options] as const;

function isTypeValue(value: string): value is ContributorFilters['type'] {
  return (typeValues as readonly string[]).includes(value);
}

const statusValues = ['all', ...ContributorStatusFilter.options] as const;

function isStatusValue(value: string): value is ContributorFilters['status'] {
  return (statusValues as readonly string[]).includes(value);
}

/**
 * Search box, advanced search (transaction ID, exact amount, clear all), type and status filters. The server
 * searches (docs/decisions/031): the text fields are sent after a pause in typing.
 */
export function ContributorsToolbar({
  filters,
  onFiltersChange,
  advancedOpen,
  onAdvancedOpenChange,
}: ContributorsToolbarProps) {
  const id = useId();
  const set = (patch: Partial<ContributorFilters>) => onFiltersChange({ ...filters, ...patch });
  const advancedId = `${id}-advanced`;

  return (
    <div role="search" aria-label={adminTexts.searchLabel} className="space-y-4">
      <div className="flex flex-col gap-3 lg:flex-row lg:items-end">
        <FieldShell id={`${id}-search`} label={adminTexts.searchLabel} className="min-w-0 flex-1">
          <div className="relative">
            <Search
              aria-hidden="true"
              className="pointer-events-none absolute top-1/2 left-3 mt-0.5 size-5 -translate-y-1/2 text-slate-500"
            />
            <input
              id={`${id}-search`}
              type="search"
              value={filters.search}
              maxLength={TEXT_LIMITS.search}
              placeholder={adminTexts.searchPlaceholder}
              onChange={(event) => set({ search: event.target.value })}
              className={iconFieldClasses}
            />
          </div>
        </FieldShell>
        <FieldShell id={`${id}-type`} label={adminTexts.typeFilterLabel} className="sm:w-64">
          <select
            id={`${id}-type`}
            value={filters.type}
            onChange={(event) => {
              const value = event.target.value;
              if (isTypeValue(value)) set({ type: value });
            }}
            className={fieldClasses}
          >
            {typeValues.map((value) => (
              <option key={value} value={value}>
                {adminTexts.typeOptions[value]}
              </option>
            ))}
          </select>
        </FieldShell>
        <FieldShell id={`${id}-status`} label={adminTexts.statusFilterLabel} className="sm:w-48">
          <select
            id={`${id}-status`}
            value={filters.status}
            onChange={(event) => {
              const value = event.target.value;
              if (isStatusValue(value)) set({ status: value });
            }}
            className={fieldClasses}
          >
            {statusValues.map((value) => (
              <option key={value} value={value}>
                {adminTexts.statusOptions[value]}
              </option>
            ))}
          </select>
        </FieldShell>
        <button
          type="button"
          aria-expanded={advancedOpen}
          aria-controls={advancedId}
          onClick={() => onAdvancedOpenChange(!advancedOpen)}
          className={outlineButton()}
        >
          {adminTexts.advancedSearch}
          <ChevronDown aria-hidden="true" className={cn('size-4 transition-transform', advancedOpen && 'rotate-180')} />
        </button>
      </div>

      <div
        id={advancedId}
        hidden={!advancedOpen}
        role="group"
        aria-label={adminTexts.advancedSearchLabel}
        className="rounded-lg border border-slate-200 bg-navy-50 p-4"
      >
        <div className="grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
          <FieldShell id={`${id}-transaction`} label={adminTexts.transactionIdLabel}>
            <input
              id={`${id}-transaction`}
              value={filters.transactionId}
              maxLength={TEXT_LIMITS.search}
              placeholder={adminTexts.transactionIdPlaceholder}
              autoComplete="off"
              spellCheck={false}
              onChange={(event) => set({ transactionId: event.target.value })}
              className={fieldClasses}
            />
          </FieldShell>
          <FieldShell id={`${id}-amount`} label={adminTexts.exactAmountLabel}>
            <input
              id={`${id}-amount`}
              type="number"
              inputMode="decimal"
              min={0}
              step={0.01}
              value={filters.amount}
              placeholder={adminTexts.exactAmountPlaceholder}
              onChange={(event) => set({ amount: event.target.value })}
              className={fieldClasses}
            />
          </FieldShell>
          <button type="button" onClick={() => onFiltersChange(emptyFilters)} className={outlineButton()}>
            {adminTexts.clearAll}
          </button>
        </div>
      </div>
    </div>
  );
}
