import { recordStateLabel } from '@pillars/contracts';
import { cn } from '@/lib/cn';

type Tone = 'success' | 'warning' | 'danger' | 'info' | 'neutral';

/** Each pair has at least 6:1 contrast (WCAG 1.4.3 asks 4.5:1). */
const toneClasses: Record<Tone, string> = {
  success: 'border-green-300 bg-green-100 text-green-800',
  warning: 'border-amber-300 bg-amber-100 text-amber-900',
  danger: 'border-red-300 bg-red-100 text-red-800',
  info: 'border-navy-100 bg-navy-50 text-navy-800',
  neutral: 'border-slate-300 bg-slate-100 text-slate-700',
};

/**
 * Product rule: each list colours its own statuses. 'confirmed', the state an admin's Confirm
 * sets, reads as done everywhere; the dashboard mixes all kinds of record.
 */
export type StatusScheme = 'contributor' | 'contribution' | 'member' | 'registration';

const schemes: Record<StatusScheme, Record<string, Tone>> = {
  registration: { pending: 'warning', paid: 'success', confirmed: 'success', attended: 'info', cancelled: 'danger' },
  contribution: {
    pending: 'warning',
    success: 'success',
    completed: 'success',
    confirmed: 'success',
    failed: 'danger',
  },
  member: {
    pending: 'warning',
    active: 'success',
    success: 'success',
    confirmed: 'success',
    cancelled: 'danger',
    inactive: 'danger',
  },
  contributor: {
    pending: 'warning',
    confirmed: 'success',
    completed: 'success',
    success: 'success',
    active: 'success',
    paid: 'success',
    attended: 'info',
    failed: 'danger',
    cancelled: 'danger',
    inactive: 'danger',
  },
};

/**
 * The states the ledger gives a record over its stored status (docs/decisions/052-what-a-record-says.md),
 * alike in every list: money given back reads as information, a dispute or a decline as a problem.
 */
const ledgerTones: Record<string, Tone> = {
  refunded: 'info',
  partly_refunded: 'info',
  voided: 'info',
  disputed: 'danger',
  declined: 'danger',
};

export function statusTone(scheme: StatusScheme, status: string): Tone {
  const key = status.toLowerCase();
  return ledgerTones[key] ?? schemes[scheme][key] ?? 'neutral';
}

/** A status in words (recordStateLabel) and its colour; the words carry the meaning (WCAG 1.4.1). */
export function StatusBadge({ status, scheme }: { status: string; scheme: StatusScheme }) {
  return (
    <span
      data-tone={statusTone(scheme, status)}
      className={cn(
        'inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold',
        toneClasses[statusTone(scheme, status)],
      )}
    >
      {recordStateLabel(status)}
    </span>
  );
}
