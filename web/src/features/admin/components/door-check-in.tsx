import { CHECK_IN_FROM, type RegistrationDetail } from '@pillars/contracts/admin';
import { Search } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { inputClasses } from '@/components/ui/text-field';
import { formatEventDate } from '@/lib/format-date';
import { adminTexts } from '../admin-texts';
import { EmailAddress } from './email-address';
import { useCheckInAction } from '../hooks/use-check-in';
import { contributorName } from '../lib/contributors-table';
import { doorSearchReady } from '../lib/door-search';
import { useDoorSearch } from '../api/get-event-registrations';
import { describeError } from '../lib/format';
import { QueryLoadError } from './admin-load-error';
import { cardClasses, smallButton } from './admin-styles';
import { StatusBadge } from './status-badge';

/**
 * One registrant found at the door: name, event, tier and a large "Check in" button (full width on
 * a phone, at least 44 px tall). Once checked in, "Checked in" takes the button's place and gets
 * the focus, so the next search starts from a known spot and screen readers hear the outcome.
 */
function DoorResult({
  registration,
  onCheckedIn,
}: {
  registration: RegistrationDetail;
  onCheckedIn: (name: string) => void;
}) {
  const name = contributorName(registration);
  const doneRef = useRef<HTMLParagraphElement>(null);
  const [checkedIn, setCheckedIn] = useState(false);
  const action = useCheckInAction(registration.id, () => {
    setCheckedIn(true);
    onCheckedIn(name);
  });
  const attended = checkedIn || registration.status === 'attended';
  const canCheckIn = !attended && CHECK_IN_FROM.includes(registration.status);
  // In an effect, so it runs after the render that shows "Checked in" has reached the page; only
  // for a check-in made here, never for a registrant found already checked in.
  useEffect(() => {
    if (checkedIn) doneRef.current?.focus();
  }, [checkedIn]);
  return (
    <li className="rounded-lg border border-slate-200 bg-cream-50 p-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div className="min-w-0">
          <p className="text-lg font-bold break-words text-navy-900">{name}</p>
          <p className="text-sm break-words text-slate-700">
            {registration.event.title} · {formatEventDate(registration.event.startDate)}
          </p>
          {registration.selectedTier ? (
            <p className="text-sm text-slate-700">
              {adminTexts.tier}: {registration.selectedTierName ?? registration.selectedTier}
            </p>
          ) : null}
          <p className="text-sm text-slate-600">
            <EmailAddress address={registration.email} />
          </p>
        </div>
        {attended ? (
          <p ref={doneRef} tabIndex={-1} className="text-lg font-bold text-navy-900">
            {adminTexts.checkedIn}
          </p>
        ) : canCheckIn ? (
          <button
            type="button"
            disabled={action.pending}
            aria-label={adminTexts.checkInLabel(name)}
            onClick={action.checkIn}
            className={smallButton('primary', 'min-h-12 w-full px-6 text-lg sm:w-auto')}
          >
            {adminTexts.checkIn}
          </button>
        ) : (
          <StatusBadge status={registration.status} scheme="registration" />
        )}
      </div>
    </li>
  );
}

/** How long typing must pause before the search is asked, so a name typed fast is one request. */
const SEARCH_PAUSE_MS = 250;

function useSettled(value: string, delayMs: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

/**
 * Check-in at the door: a search by name or e-mail across every registration, on the server
 * (docs/decisions/034), each result with its own "Check in". Works at 375 px: one column, nothing
 * wider than the screen.
 */
export function DoorCheckIn() {
  const inputId = useId();
  const headingId = useId();
  const [search, setSearch] = useState('');
  const settled = useSettled(search, SEARCH_PAUSE_MS);
  const ready = doorSearchReady(settled);
  const query = useDoorSearch(settled, ready);
  /** The last check-in, announced until the search changes; else the number of results. */
  const [announcement, setAnnouncement] = useState<string | null>(null);
  const results = ready ? (query.data?.data ?? []) : [];
  const searching = settled.trim().length > 0;
  // Under the minimum nobody is found without asking; else once the answer for this search is in.
  const answered = searching && (!ready || query.isSuccess);
  return (
    <section aria-labelledby={headingId} className={cardClasses}>
      <h2 id={headingId} className="font-display text-2xl font-bold text-navy-900">
        {adminTexts.doorHeading}
      </h2>
      <label htmlFor={inputId} className="mt-3 block text-sm font-semibold text-navy-900">
        {adminTexts.doorSearchLabel}
      </label>
      <div className="relative mt-1">
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-slate-500"
        />
        <input
          id={inputId}
          type="search"
          autoComplete="off"
          enterKeyHint="search"
          value={search}
          onChange={(event) => {
            setSearch(event.target.value);
            setAnnouncement(null);
          }}
          className={`${inputClasses} min-h-12 pl-10 text-lg`}
        />
      </div>
      <p role="status" aria-live="polite" className="mt-2 text-sm text-slate-700">
        {announcement ?? (answered ? adminTexts.doorResults(results.length) : null)}
      </p>
      {ready && query.isError ? (
        <div className="mt-3">
          <QueryLoadError text={adminTexts.doorSearchError(describeError(query.error))} query={query} />
        </div>
      ) : null}
      {results.length > 0 ? (
        <ul aria-label={adminTexts.doorResultsLabel} className="mt-3 space-y-3">
          {results.map((registration) => (
            <DoorResult
              key={registration.id}
              registration={registration}
              onCheckedIn={(name) => setAnnouncement(adminTexts.checkedInName(name))}
            />
          ))}
        </ul>
      ) : null}
    </section>
  );
}
