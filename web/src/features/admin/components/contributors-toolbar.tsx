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

type SelectKey = 'type' | 'status';

type SelectFilter = {
  key: SelectKey;
  label: string;
  className: string;
  options: readonly { value: string; text: string }[];
  /** The change a chosen value makes; none unless it is one of the select's own options. */
  patch: (value: string) => Partial<ContributorFilters> | undefined;
};

const selectLabels: Record<SelectKey, string> = {
  type: adminTexts.typeFilterLabel,
  status: adminTexts.statusFilterLabel,
};

/** One list filter's select: its width, and its options with their on-screen texts. */
function selectFilter<K extends SelectKey>(
  key: K,
  className: string,
  values: readonly ContributorFilters[K][],
  texts: Record<ContributorFilters[K], string>,
): SelectFilter {
  return {
    key,
    label: selectLabels[key],
    className,
    options: values.map((value) => ({ value, text: texts[value] })),
    patch: (value) => {
      const chosen = values.find((option) => option === value);
      return chosen === undefined ? undefined : { [key]: chosen };
    },
  };
}

const selectFilters = [
  selectFilter('type', 'sm:w-64', ['all', ...ContributorType.options], adminTexts.typeOptions),
  selectFilter('status', 'sm:w-48', ['all', ...ContributorStatusFilter.options], adminTexts.statusOptions),
];

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
        {selectFilters.map(({ key, label, className, options, patch }) => (
          <FieldShell key={key} id={`${id}-${key}`} label={label} className={className}>
            <select
              id={`${id}-${key}`}
              value={filters[key]}
              onChange={(event) => {
                const change = patch(event.target.value);
                if (change) set(change);
              }}
              className={fieldClasses}
            >
              {options.map(({ value, text }) => (
                <option key={value} value={value}>
                  {text}
                </option>
              ))}
            </select>
          </FieldShell>
        ))}
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
