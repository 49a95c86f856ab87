import { Plus } from 'lucide-react';
import { Link } from 'wouter';

/** The link to a list's "new" form beside its title ('New event', 'New article'), a plus before its label. */
export function NewItemLink({ href, label, className }: { href: string; label: string; className: string }) {
  return (
    <Link href={href} className={className}>
      <Plus aria-hidden="true" className="size-4" />
      {label}
    </Link>
  );
}
