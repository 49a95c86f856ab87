import type { AuditLogEntry } from '@pillars/contracts/admin';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { adminTexts } from '../admin-texts';
import { type AuditLogFilters, useAuditLog } from '../api/get-audit-log';
import { AdminPage } from '../components/admin-page';
import { FilterInput } from '../components/filter-input';
import { ListStates } from '../components/list-states';
import { LoadMore } from '../components/load-more';
import { AdminLoadError } from '../components/admin-load-error';
import { cardClasses, smallButton } from '../components/admin-styles';
import { EmailAddress, Pieces } from '../components/email-address';
import { CardTable } from '../components/card-table';
import { useRedirectOnUnauthorized } from '../hooks/use-unauthorized-redirect';
import { describeError, formatShortDateTime } from '../lib/format';

const noFilters: AuditLogFilters = { actor: '', action: '', from: '', to: '' };
const hasFilters = (filters: AuditLogFilters) => Object.values(filters).some((value) => value.trim() !== '');

/** A before/after value as compact JSON; long values wrap in the cell. */
const asText = (value: Record<string, unknown> | null) => (value ? JSON.stringify(value) : '—');

function FilterForm({ applied, onApply }: { applied: AuditLogFilters; onApply: (filters: AuditLogFilters) => void }) {
  const [draft, setDraft] = useState(applied);
  const id = useId();
  const field = (name: keyof AuditLogFilters, label: string, type: 'text' | 'date') => (
    <FilterInput
      id={`${id}-${name}`}
      label={label}
      name={name}
      type={type}
      value={draft[name]}
      onChange={(value) => setDraft({ ...draft, [name]: value })}
      autoComplete="off"
    />
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply(draft);
  };
  return (
    <form aria-label={adminTexts.auditFiltersLabel} onSubmit={submit} className={cardClasses}>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {field('actor', adminTexts.auditActor, 'text')}
        {field('action', adminTexts.auditAction, 'text')}
        {field('from', adminTexts.auditFrom, 'date')}
        {field('to', adminTexts.auditTo, 'date')}
      </div>
      <div className="mt-4 flex flex-wrap gap-3">
        <button type="submit" className={smallButton('primary')}>
          {adminTexts.auditApply}
        </button>
        <button
          type="button"
          className={smallButton('outline')}
          onClick={() => {
            setDraft(noFilters);
            onApply(noFilters);
          }}
        >
          {adminTexts.auditClear}
        </button>
      </div>
    </form>
  );
}

/** Where an action name ("registration.confirmed") may wrap: after each dot or underscore. */
const actionPieces = (action: string) => action.split(/(?<=[._])/);

function EntryRow({ entry }: { entry: AuditLogEntry }) {
  return (
    <tr className="align-top">
      <td className="px-3 py-2">
        <time dateTime={entry.createdAt}>{formatShortDateTime(entry.createdAt)}</time>
      </td>
      {/* A label is often an e-mail address: it wraps at its @ and dots, never mid-word. */}
      <td className="px-3 py-2">
        <EmailAddress address={entry.actorLabel} />
        {entry.actorUserId ? null : ` ${adminTexts.auditSystemActor}`}
      </td>
      <td className="px-3 py-2">
        <Pieces pieces={actionPieces(entry.action)} className="font-mono" />
      </td>
      {/* The record's kind, then its id: an opaque token, broken only where it must. */}
      <td className="px-3 py-2">
        <span className="block">{entry.entityType}</span>
        <span className="block font-mono text-xs [overflow-wrap:anywhere]">{entry.entityId}</span>
      </td>
      {/* Before and after as compact JSON: long tokens with no spaces, broken only where they must. */}
      <td className="px-3 py-2 font-mono text-xs [overflow-wrap:anywhere]">
        <p>
          <span className="font-sans font-semibold">{adminTexts.auditBefore}:</span> {asText(entry.before)}
        </p>
        <p className="mt-1">
          <span className="font-sans font-semibold">{adminTexts.auditAfter}:</span> {asText(entry.after)}
        </p>
      </td>
    </tr>
  );
}

/** /admin/audit-log: who did what to which record, and when, filtered and paged. */
export function AdminAuditLogPage() {
  const [filters, setFilters] = useState<AuditLogFilters>(noFilters);
  const query = useAuditLog(filters);
  useRedirectOnUnauthorized(query.error);
  const entries = query.data?.pages.flatMap((page) => page.data) ?? [];
  // When the last page arrives the 'Load more' button goes away; focus moves to the sentence that
  // replaces it rather than falling back to the top of the document.
  const [focusEnd, setFocusEnd] = useState(false);
  const endRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (focusEnd && !query.hasNextPage && endRef.current) {
      endRef.current.focus();
      setFocusEnd(false);
    }
  }, [focusEnd, query.hasNextPage]);

  return (
    <AdminPage title={adminTexts.auditLogTitle} backLink intro={<p>{adminTexts.auditLogIntro}</p>}>
      <FilterForm
        applied={filters}
        onApply={(next) => {
          setFocusEnd(false);
          setFilters(next);
        }}
      />
      <ListStates
        query={query}
        count={entries.length}
        loading={adminTexts.loadingAuditLog}
        loadError={adminTexts.errorLoadingAuditLog(describeError(query.error))}
        empty={hasFilters(filters) ? adminTexts.noAuditEntries : adminTexts.noAuditEntriesAtAll}
      >
        {/* Fixed columns, each as wide as its usual content; Change takes the rest. Narrower than
              their sum, the table scrolls in its region rather than squeezing Change to nothing. */}
        <CardTable
          caption={adminTexts.auditTableLabel}
          tableClassName="min-w-[60rem] table-fixed"
          colgroup={
            <colgroup>
              <col className="w-44" />
              <col className="w-44" />
              <col className="w-48" />
              <col className="w-64" />
              <col />
            </colgroup>
          }
          columns={[
            adminTexts.auditWhen,
            adminTexts.auditWho,
            adminTexts.auditWhat,
            adminTexts.auditRecord,
            adminTexts.auditChange,
          ].map((heading) => ({ heading }))}
        >
          {entries.map((entry) => (
            <EntryRow key={entry.id} entry={entry} />
          ))}
        </CardTable>
        {query.isFetchNextPageError ? (
          <AdminLoadError
            text={adminTexts.errorLoadingAuditLog(describeError(query.error))}
            error={query.error}
            onRetry={() => void query.fetchNextPage()}
            retrying={query.isFetchingNextPage}
          />
        ) : null}
        <LoadMore
          query={query}
          end={adminTexts.auditEnd(entries.length)}
          onLoadMore={() => setFocusEnd(true)}
          endRef={endRef}
        />
      </ListStates>
    </AdminPage>
  );
}
