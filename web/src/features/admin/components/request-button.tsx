import { cn } from '@/lib/cn';
import { describeError } from '../lib/format';
import { smallButton } from './admin-styles';

/** A request with nothing to fill in (queue a sync, start a run), as TanStack Query's mutation holds it. */
interface Request {
  isPending: boolean;
  isSuccess: boolean;
  error: Error | null;
  mutate: () => void;
}

/**
 * A button that sends a request with nothing to fill in, then says how it went: what happened in
 * a status region, why it failed in an alert region. Both regions are always in the page, so a
 * screen reader announces the text that appears in them.
 */
export function RequestButton({
  request,
  label,
  busyLabel,
  done,
  failed = (reason) => reason,
  className,
}: {
  request: Request;
  label: string;
  busyLabel: string;
  done: string;
  /** The failure's sentence from its reason (the API's message). */
  failed?: (reason: string) => string;
  className?: string;
}) {
  return (
    <div className={cn('flex flex-col items-start gap-2', className)}>
      <button
        type="button"
        className={smallButton('primary')}
        disabled={request.isPending}
        onClick={() => request.mutate()}
      >
        {request.isPending ? busyLabel : label}
      </button>
      <p role="status" className="text-sm text-slate-700">
        {request.isSuccess ? done : ''}
      </p>
      <p role="alert" className="text-sm text-crimson-800">
        {request.error ? failed(describeError(request.error)) : ''}
      </p>
    </div>
  );
}
