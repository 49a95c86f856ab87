import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';

/** A link styled as a button, its icon before its words (the icon is decoration). */
export function IconLink({
  href,
  icon: Icon,
  className,
  children,
}: {
  href: string;
  icon: LucideIcon;
  className: string;
  children: ReactNode;
}) {
  return (
    <Link href={href} className={className}>
      <Icon aria-hidden="true" className="size-5" />
      {children}
    </Link>
  );
}
