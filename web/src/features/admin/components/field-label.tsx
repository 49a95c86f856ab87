import type { ReactNode } from 'react';

/** The label over a field of an admin form. */
export function FieldLabel({ htmlFor, children }: { htmlFor: string; children: ReactNode }) {
  return (
    <label htmlFor={htmlFor} className="text-sm font-semibold text-navy-900">
      {children}
    </label>
  );
}
