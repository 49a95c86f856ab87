import { Mail } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { adminTexts } from '../admin-texts';
import { EmailAddress } from './email-address';
import { lastEight } from '../lib/format';
import { linkClasses } from './admin-styles';

export type DetailItem = { label: string; value: ReactNode } | null | false;

/** Label and value pairs of a card; empty items are skipped. */
export function Details({ items, className }: { items: readonly DetailItem[]; className?: string }) {
  return (
    <dl className={cn('grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2', className)}>
      {items.map((item) =>
        item ? (
          <div key={item.label} className="min-w-0">
            <dt className="font-semibold text-slate-700">{item.label}</dt>
            <dd className="break-words text-navy-900">{item.value}</dd>
          </div>
        ) : null,
      )}
    </dl>
  );
}

/** A payment or transaction id by its last 8 characters (product rule); the whole id on hover. */
export function ShortId({ id }: { id: string }) {
  return (
    <span title={id} className="font-mono">
      {lastEight(id)}
    </span>
  );
}

/**
 * The person's address as a mail link. Screen readers hear whom it is for before the address;
 * the visible address stays part of the name, so voice users can say what they see.
 */
export function EmailLink({ email, name }: { email: string; name: string }) {
  return (
    <a
      href={`mailto:${encodeURIComponent(email).replace(/%40/g, '@')}`}
      className={cn(linkClasses, 'inline-flex min-h-11 min-w-0 items-center gap-1.5')}
    >
      <Mail aria-hidden="true" className="size-4 shrink-0" />
      <span className="sr-only">{`${adminTexts.emailPerson(name)}: `}</span>
      <EmailAddress address={email} className="min-w-0" />
    </a>
  );
}
