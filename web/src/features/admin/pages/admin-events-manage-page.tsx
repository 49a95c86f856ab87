import { adminTexts } from '../admin-texts';
import { EventStatus } from '@pillars/contracts/admin';
import { useId, useState } from 'react';
import { Link } from 'wouter';
import { buttonClasses } from '@/components/ui/button-styles';
import { ColumnHeaders } from '@/components/ui/column-headers';
import { formatEventDateTime } from '@/lib/format-date';
import { FieldShell } from '@/components/ui/field-shell';
import { useAdminEvents } from '../api/admin-events';
import { InvalidResponseError } from '../api/admin-query';
import { AdminEmpty, AdminLoading, AdminPage } from '../components/admin-page';
import { NewItemLink } from '../components/new-item-link';
import { AdminLoadError } from '../components/admin-load-error';
import { TableRegion } from '../components/table-region';
import { cardClasses, fieldClasses, linkClasses } from '../components/admin-styles';
import { eventEditorTexts as texts } from '../event-editor-texts';
import { useRedirectOnUnauthorized } from '../hooks/use-unauthorized-redirect';
import { describeError } from '../lib/format';

const stateBadge: Record<EventStatus, string> = {
  draft: 'bg-slate-100 text-slate-800 border-slate-300',
  published: 'bg-emerald-50 text-emerald-800 border-emerald-300',
  cancelled: 'bg-crimson-50 text-crimson-800 border-crimson-300',
};

export function EventStateBadge({ status }: { status: EventStatus }) {
  return (
    <span className={`inline-block rounded-md border px-2 py-0.5 text-sm font-semibold ${stateBadge[status]}`}>
      {texts.states[status]}
    </span>
  );
}

/** /admin/events/manage: every event, drafts included, searchable and filtered by state. */
export function AdminEventsManagePage() {
  const id = useId();
  const [q, setQ] = useState('');
  const [status, setStatus] = useState<EventStatus | ''>('');
  const events = useAdminEvents({ q, status });
  useRedirectOnUnauthorized(events.error);

  return (
    <AdminPage
      title={texts.listTitle}
      backLink
      intro={<p>{texts.listIntro}</p>}
      actions={
        <NewItemLink
          href="/admin/events/manage/new"
          className={buttonClasses('primary', 'text-sm')}
          label={texts.newEvent}
        />
      }
    >
      <div role="search" className={`${cardClasses} grid gap-4 sm:grid-cols-[1fr_auto]`}>
        <FieldShell id={`${id}-q`} label={texts.searchLabel}>
          <input
            id={`${id}-q`}
            type="search"
            value={q}
            placeholder={texts.searchHint}
            onChange={(e) => setQ(e.target.value)}
            className={fieldClasses}
          />
        </FieldShell>
        <FieldShell id={`${id}-status`} label={texts.statusFilter}>
          <select
            id={`${id}-status`}
            value={status}
            onChange={(e) => {
              const parsed = EventStatus.safeParse(e.target.value);
              setStatus(parsed.success ? parsed.data : '');
            }}
            className={fieldClasses}
          >
            <option value="">{texts.allStates}</option>
            {EventStatus.options.map((state) => (
              <option key={state} value={state}>
                {texts.states[state]}
              </option>
            ))}
          </select>
        </FieldShell>
      </div>

      {events.isPending ? (
        <AdminLoading text={texts.loading} />
      ) : events.isError ? (
        <AdminLoadError
          text={
            events.error instanceof InvalidResponseError
              ? texts.loadError
              : `${texts.loadError} ${describeError(events.error)}`
          }
          hint={adminTexts.loadFailedHint('the events')}
          error={events.error}
          onRetry={() => void events.refetch()}
          retrying={events.isFetching}
        />
      ) : events.data.data.length === 0 ? (
        <AdminEmpty text={texts.empty} />
      ) : (
        <TableRegion captionId={`${id}-caption`} className="rounded-xl border border-slate-200 bg-white">
          <table className="w-full min-w-[36rem] text-left text-sm">
            <caption id={`${id}-caption`} className="sr-only">
              {texts.tableCaption}
            </caption>
            <thead className="bg-navy-50 text-navy-900">
              <tr>
                <ColumnHeaders
                  className="px-3 py-2"
                  columns={[
                    { label: texts.columns.title },
                    { label: texts.columns.when },
                    { label: texts.columns.status },
                    { label: texts.columns.registrations, className: 'px-3 py-2 text-right' },
                    { label: texts.columns.places, className: 'px-3 py-2 text-right' },
                  ]}
                />
              </tr>
            </thead>
            <tbody>
              {events.data.data.map((event) => (
                <tr key={event.id} className="border-t border-slate-200">
                  <th scope="row" className="px-3 py-2 font-normal">
                    <Link
                      href={`/admin/events/manage/${event.id}`}
                      className={linkClasses}
                      aria-label={texts.edit(event.title)}
                    >
                      {event.title}
                    </Link>
                    <span className="block text-slate-600">{event.location}</span>
                  </th>
                  <td className="px-3 py-2">{formatEventDateTime(event.startDate)}</td>
                  <td className="px-3 py-2">
                    <EventStateBadge status={event.status} />
                  </td>
                  <td className="px-3 py-2 text-right">{event.registrations}</td>
                  <td className="px-3 py-2 text-right">{texts.placesOf(event.placesTaken, event.capacity)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableRegion>
      )}
    </AdminPage>
  );
}
