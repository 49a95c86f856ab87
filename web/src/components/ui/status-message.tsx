import type { ReactNode } from 'react';

type StatusMessageProps = { tone: 'error' | 'info'; children: ReactNode };

/** A load error (announced at once) or an empty-list note inside a section. */
export function StatusMessage({ tone, children }: StatusMessageProps) {
  if (tone === 'error') {
    return (
      <p role="alert" className="rounded-md border border-crimson-600/30 bg-crimson-50 px-5 py-4 text-crimson-800">
        {children}
      </p>
    );
  }
  return <p className="rounded-md border border-slate-200 bg-white px-5 py-4 text-slate-700">{children}</p>;
}
