import { CircleAlert } from 'lucide-react';

/**
 * A failed request's message kept in view inside a dialog. Not a live region: the toast already
 * announces it, and this copy stays after the toast has gone.
 */
export function FormError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p className="flex items-start gap-2 rounded-md border border-crimson-600/30 bg-crimson-50 px-3 py-2 text-sm text-crimson-800">
      <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      {message}
    </p>
  );
}
