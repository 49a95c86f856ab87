import { Link, useRoute } from 'wouter';
import { SectionLink } from './section-link';
import type { NavItem } from './layout-texts';

type NavItemLinkProps = { item: NavItem; className?: string; onNavigate?: () => void };

type PageLinkProps = Omit<NavItemLinkProps, 'item'> & { href: string; label: string };

function PageLink({ href, label, className, onNavigate }: PageLinkProps) {
  const [active] = useRoute(href);
  return (
    <Link href={href} className={className} aria-current={active ? 'page' : undefined} onClick={onNavigate}>
      {label}
    </Link>
  );
}

/** Renders a navigation entry as a page link or a home-section link. */
export function NavItemLink({ item, className, onNavigate }: NavItemLinkProps) {
  if (item.kind === 'page') {
    return <PageLink href={item.href} label={item.label} className={className} onNavigate={onNavigate} />;
  }
  return (
    <SectionLink target={item.target} className={className} onNavigate={onNavigate}>
      {item.label}
    </SectionLink>
  );
}
