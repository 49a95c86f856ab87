import { CalendarX2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { StatusMessage } from '@/components/ui/status-message';
import { eventsTexts } from '../events-texts';

/** 'Event Not Found' with a hint and a way back. */
export function EventNotFound({ hint, children }: { hint: string; children: ReactNode }) {
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <CalendarX2 aria-hidden="true" className="size-14 text-crimson-600" />
      <h1 className="mt-6 font-display text-3xl font-bold text-navy-900 sm:text-4xl">{eventsTexts.notFoundTitle}</h1>
      <p className="mt-4 text-lg text-slate-700">{hint}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">{children}</div>
    </div>
  );
}

/** While the page's data loads: announced once, with a skeleton that keeps the layout steady. */
export function EventPageLoading({ label }: { label: string }) {
  return (
    <div aria-busy="true" className="min-h-screen">
      <p role="status" className="sr-only">
        {label}
      </p>
      <div aria-hidden="true" className="hero-backdrop">
        <div className="mx-auto max-w-6xl animate-pulse px-4 py-14 motion-reduce:animate-none sm:py-20">
          <div className="h-4 w-40 rounded bg-white/20" />
          <div className="mt-6 h-10 w-3/4 max-w-xl rounded bg-white/25" />
          <div className="mt-6 h-4 w-64 max-w-full rounded bg-white/20" />
          <div className="mt-3 h-4 w-48 max-w-full rounded bg-white/20" />
        </div>
      </div>
      <div aria-hidden="true" className="mx-auto max-w-6xl animate-pulse px-4 py-12 motion-reduce:animate-none">
        <div className="h-4 w-full max-w-2xl rounded bg-slate-200" />
        <div className="mt-3 h-4 w-5/6 max-w-2xl rounded bg-slate-200" />
        <div className="mt-3 h-4 w-2/3 max-w-2xl rounded bg-slate-200" />
      </div>
    </div>
  );
}

/** A load failure other than "not found": the message, and the page's ways back. */
export function EventLoadError({ message, children }: { message: string; children: ReactNode }) {
  return (
    <div className="mx-auto max-w-xl px-4 py-24">
      <h1 className="mb-6 text-center font-display text-3xl font-bold text-navy-900 sm:text-4xl">
        {eventsTexts.loadErrorHeading}
      </h1>
      <StatusMessage tone="error">{message}</StatusMessage>
      <div className="mt-8 flex flex-wrap justify-center gap-3">{children}</div>
    </div>
  );
}
