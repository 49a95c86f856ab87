import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { StatusMessage } from '@/components/ui/status-message';
import { useDocumentMeta } from '@/lib/use-document-meta';
import { adminTexts } from '../admin-texts';

type AdminPageProps = {
  title: string;
  /** A line under the title, e.g. the welcome on the dashboard. */
  intro?: ReactNode;
  /** Sub-pages link back to /admin. */
  backLink?: boolean;
  /** Buttons beside the title. */
  actions?: ReactNode;
  children: ReactNode;
};

/** The frame of every admin page: back link, title, actions, then the content. */
export function AdminPage({ title, intro, backLink = false, actions, children }: AdminPageProps) {
  useDocumentMeta({ title });
  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
      {backLink ? <BackToDashboard className="mb-4" /> : null}
      <header className="flex flex-col gap-4 border-b border-slate-200 pb-6 md:flex-row md:items-end md:justify-between">
        <div className="min-w-0">
          <h1 className="font-display text-3xl font-bold text-navy-900 sm:text-4xl">{title}</h1>
          {intro ? <div className="mt-2 text-slate-700">{intro}</div> : null}
        </div>
        {actions ? <div className="flex flex-wrap gap-3">{actions}</div> : null}
      </header>
      <div className="mt-6 space-y-6">{children}</div>
    </div>
  );
}

export function BackToDashboard({ className }: { className?: string }) {
  return (
    <div className={className}>
      <BackLink href="/admin" label={adminTexts.backToDashboard} />
    </div>
  );
}

/** A link back up the admin, an arrow before its label. */
export function BackLink({ href, label }: { href: string; label: string }) {
  return (
    <Link
      href={href}
      className="inline-flex min-h-11 items-center gap-2 rounded-md px-1 text-sm font-semibold text-navy-800 hover:text-crimson-700 hover:underline"
    >
      <ArrowLeft aria-hidden="true" className="size-4" />
      {label}
    </Link>
  );
}

/** A load in progress, announced politely. */
export function AdminLoading({ text }: { text: string }) {
  return (
    <p role="status" className="rounded-md border border-slate-200 bg-white px-5 py-8 text-center text-slate-700">
      {text}
    </p>
  );
}

/** Nothing to list. */
export function AdminEmpty({ text }: { text: string }) {
  return <StatusMessage tone="info">{text}</StatusMessage>;
}
