import type { MouseEvent, ReactNode } from 'react';
import { type SectionTarget, sectionHref, useSectionNavigation } from '@/lib/use-section-navigation';

type SectionLinkProps = {
  target: SectionTarget;
  className?: string;
  children: ReactNode;
  /** Called after navigating, e.g. to close the mobile menu. */
  onNavigate?: () => void;
  'aria-label'?: string;
};

function opensElsewhere(event: MouseEvent): boolean {
  return event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey;
}

/**
 * A real link to "/#section" (so it works in a new tab and reads as a link) that scrolls
 * smoothly instead when the home page is already showing.
 */
export function SectionLink({ target, className, children, onNavigate, ...aria }: SectionLinkProps) {
  const goToSection = useSectionNavigation();
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (opensElsewhere(event)) return;
    event.preventDefault();
    goToSection(target);
    onNavigate?.();
  };
  return (
    <a href={sectionHref(target)} onClick={onClick} className={className} {...aria}>
      {children}
    </a>
  );
}
