import { MANAGE_PATH } from '@/lib/paths';
import type { SectionTarget } from '@/lib/use-section-navigation';

/** `highlight` marks the main call to action, drawn as a button. */
export type NavItem = { label: string; highlight?: boolean } & (
  { kind: 'section'; target: SectionTarget } | { kind: 'page'; href: string }
);

/** Navigation bar links, in the product's order. */
export const primaryNav: NavItem[] = [
  { label: 'Home', kind: 'section', target: 'top' },
  { label: 'About Us', kind: 'page', href: '/about' },
  { label: 'News', kind: 'section', target: 'news' },
  { label: 'Events', kind: 'section', target: 'events' },
  { label: 'Become a Member', kind: 'page', href: '/membership', highlight: true },
  { label: 'Contribute', kind: 'section', target: 'contribution' },
];

/** Footer quick links, in the product's order. */
export const footerQuickLinks: NavItem[] = [
  { label: 'Home', kind: 'section', target: 'top' },
  { label: 'News', kind: 'section', target: 'news' },
  { label: 'Events', kind: 'section', target: 'events' },
  { label: 'Contribute', kind: 'section', target: 'contribution' },
  { label: 'Contact', kind: 'section', target: 'contact' },
  // Not in the spec's list: donors' self-service (docs/decisions/020), last so the others keep their places.
  { label: 'Manage your giving', kind: 'page', href: MANAGE_PATH },
];

export const layoutTexts = {
  skipToContent: 'Skip to main content',
  mainNavLabel: 'Main',
  openMenu: 'Open main menu',
  closeMenu: 'Close main menu',
  homeLinkLabel: 'home page',
  footerTagline:
    'Equipping everyday Americans to defend freedom, lead with faith and transform their communities and country.',
  quickLinks: 'Quick Links',
  contactUs: 'Contact Us',
  legal: 'Legal',
  login: 'Login',
  privacyPolicy: 'Privacy Policy',
  termsOfService: 'Terms of Service',
  rightsReserved: 'All rights reserved.',
  loadingPage: 'Loading page…',
  /** Not in the spec: announced after a client-side navigation, with the new page's heading. */
  navigatedTo: (heading: string) => `Navigated to ${heading}`,
  testModeLabel: 'Test mode',
  testModeBanner: 'Test mode: no real cards are charged. Use card 4111 1111 1111 1111.',
} as const;
