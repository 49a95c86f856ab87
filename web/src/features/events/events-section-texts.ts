/**
 * The home page's events section, verbatim (ADR 012). A module of its own, part of `eventsTexts`:
 * the home page's first load carries these, not the event pages' texts (docs/decisions/038).
 */
export const eventsSectionTexts = {
  section: {
    eyebrow: 'Gather With Us',
    title: 'Upcoming Events',
    intro: 'Town halls, service days and celebrations where neighbors meet and get to work.',
  },
  carouselLabel: 'Event listings',
  loading: 'Loading events…',
  loadError: 'Failed to load events. Please try again later.',
  empty: 'No upcoming events right now. Check back soon.',
  registerNow: 'Register Now',
} as const;
