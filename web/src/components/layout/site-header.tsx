import { Menu, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { cn } from '@/lib/cn';
import { usePublicConfig } from '@/lib/use-public-config';
import { LogoMark } from './logo-mark';
import { NavItemLink } from './nav-item-link';
import { SectionLink } from './section-link';
import { type NavItem, layoutTexts, primaryNav } from './layout-texts';

const MOBILE_MENU_ID = 'mobile-menu';

const desktopLink = 'block rounded-md px-3 py-2 text-sm font-semibold transition-colors';
const mobileLink = 'block rounded-md px-3 py-3 text-base font-semibold';
const plainLink = 'text-white/90 hover:bg-white/10 hover:text-white aria-[current=page]:text-gold-300';
const highlightLink = 'bg-crimson-600 text-white hover:bg-crimson-700';

function linkClasses(item: NavItem, size: string): string {
  return cn(size, item.highlight ? highlightLink : plainLink);
}

export function SiteHeader() {
  const { orgName } = usePublicConfig();
  const [open, setOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const close = () => setOpen(false);

  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      toggleRef.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open]);

  return (
    <header
      data-surface="dark"
      className="sticky top-0 z-40 border-b-4 border-crimson-600 bg-navy-900 text-white print:hidden"
    >
      <div className="mx-auto flex max-w-7xl items-center justify-between gap-4 px-4 py-3 sm:px-6 lg:px-8">
        <SectionLink
          target="top"
          onNavigate={close}
          aria-label={`${orgName} ${layoutTexts.homeLinkLabel}`}
          className="flex min-w-0 items-center gap-3 rounded-md"
        >
          <LogoMark className="size-11 shrink-0" />
          <span className="font-display text-lg leading-tight font-bold sm:text-xl">{orgName}</span>
        </SectionLink>

        <nav aria-label={layoutTexts.mainNavLabel} className="hidden lg:block">
          <ul className="flex items-center gap-1">
            {primaryNav.map((item) => (
              <li key={item.label}>
                <NavItemLink item={item} className={linkClasses(item, desktopLink)} />
              </li>
            ))}
          </ul>
        </nav>

        <button
          ref={toggleRef}
          type="button"
          className="inline-flex size-11 shrink-0 items-center justify-center rounded-md text-white hover:bg-white/10 lg:hidden"
          aria-expanded={open}
          aria-controls={MOBILE_MENU_ID}
          aria-label={open ? layoutTexts.closeMenu : layoutTexts.openMenu}
          onClick={() => setOpen((value) => !value)}
        >
          {open ? <X aria-hidden="true" className="size-6" /> : <Menu aria-hidden="true" className="size-6" />}
        </button>
      </div>

      <nav
        id={MOBILE_MENU_ID}
        aria-label={layoutTexts.mainNavLabel}
        hidden={!open}
        className="border-t border-white/15 lg:hidden"
      >
        <ul className="mx-auto max-w-7xl space-y-1 px-4 py-3 sm:px-6">
          {primaryNav.map((item) => (
            <li key={item.label}>
              <NavItemLink item={item} onNavigate={close} className={linkClasses(item, mobileLink)} />
            </li>
          ))}
        </ul>
      </nav>
    </header>
  );
}
