import { useCallback } from 'react';
import { useLocation } from 'wouter';
import { scrollToSection, scrollToTop } from './scroll';

/** Home page sections reachable from the navigation and the footer. */
export type SectionId = 'news' | 'events' | 'contribution' | 'membership' | 'contact';
export type SectionTarget = SectionId | 'top';

export function sectionHref(target: SectionTarget): string {
  return target === 'top' ? '/' : `/#${target}`;
}

/**
 * On the home page these links scroll smoothly; from any other page they go
 * to / with the section as the fragment, and the home page scrolls there once loaded.
 */
export function useSectionNavigation(): (target: SectionTarget) => void {
  const [location, navigate] = useLocation();
  return useCallback(
    (target: SectionTarget) => {
      if (location !== '/') {
        navigate(sectionHref(target));
        return;
      }
      if (target === 'top') scrollToTop();
      else scrollToSection(target, { moveFocus: true });
    },
    [location, navigate],
  );
}
