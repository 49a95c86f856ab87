import type { RegisteredEvent } from '@pillars/contracts/admin';
import { CalendarDays, Clock, MapPin, Megaphone } from 'lucide-react';
import { useId } from 'react';
import { buttonClasses } from '@/components/ui/button-styles';
import { formatEventDate, formatEventTimeRange } from '@/lib/format-date';
import { usePublicConfig } from '@/lib/use-public-config';
import { adminTexts } from '../admin-texts';
import { type AnyRecordList, recipientsPathOf, useRecordPages } from '../api/record-lists';
import type { RecordListView } from '../lib/record-list-views';
import { cardClasses } from './admin-styles';
import { EmailDialog } from './email-dialog';
import { RecordPages } from './record-pages';

/**
 * One group of a scoped list, an event: its date, time, place and number of registrations (from
 * the events' aggregate), its registrations a page at a time, and a message to every registrant of it.
 */
export function RecordGroup({
  list,
  view,
  event,
}: {
  list: AnyRecordList;
  view: RecordListView;
  event: RegisteredEvent;
}) {
  const { orgName } = usePublicConfig();
  const headingId = useId();
  const query = useRecordPages(list, event.id);
  const recipients = { path: recipientsPathOf(list, event.id) };
  return (
    <section aria-labelledby={headingId} className={cardClasses}>
      <div className="flex flex-col gap-4 border-b border-slate-200 pb-4 lg:flex-row lg:items-start lg:justify-between">
        <div className="min-w-0 space-y-2">
          <div className="flex flex-wrap items-center gap-3">
            <h2 id={headingId} className="font-display text-2xl font-bold break-words text-navy-900">
              {event.title}
            </h2>
            <span className="rounded-full bg-navy-900 px-3 py-0.5 text-sm font-semibold text-white">
              {adminTexts.registrationCount(event.registrations)}
            </span>
          </div>
          <ul className="space-y-1 text-sm text-slate-700">
            <li className="flex items-center gap-2">
              <CalendarDays aria-hidden="true" className="size-4 shrink-0 text-crimson-700" />
              <span className="sr-only">{adminTexts.eventDate}: </span>
              {formatEventDate(event.startDate)}
            </li>
            <li className="flex items-center gap-2">
              <Clock aria-hidden="true" className="size-4 shrink-0 text-crimson-700" />
              <span className="sr-only">{adminTexts.eventTime}: </span>
              {formatEventTimeRange(event.startDate, event.endDate)}
            </li>
            <li className="flex items-center gap-2">
              <MapPin aria-hidden="true" className="size-4 shrink-0 text-crimson-700" />
              <span className="sr-only">{adminTexts.eventLocation}: </span>
              {event.location}
            </li>
          </ul>
        </div>
        <EmailDialog
          title={adminTexts.sendMessageToAll}
          description={(count) => view.broadcastDescription(count, event.title)}
          recipients={recipients}
          defaultSubject={view.subject(orgName, event.title)}
          trigger={
            <button
              type="button"
              aria-label={adminTexts.sendMessageToAllLabel(event.title)}
              className={buttonClasses('secondary', 'shrink-0 text-sm')}
            >
              <Megaphone aria-hidden="true" className="size-4" />
              {adminTexts.sendMessageToAll}
            </button>
          }
        />
      </div>
      <RecordPages list={list} view={view} query={query} label={view.listLabel(event.title)} grouped />
    </section>
  );
}
