/** User-facing texts of the events feature; SPEC section 2 and 8 texts are verbatim. */
export const eventsTexts = {
  sectionTitle: 'Upcoming Events',
  sectionEyebrow: 'Gather With Us',
  sectionIntro: 'Town halls, service days and celebrations where neighbors meet and get to work.',
  carouselLabel: 'Event listings',
  loading: 'Loading events…',
  loadError: 'Failed to load events. Please try again later.',
  empty: 'No upcoming events right now. Check back soon.',
  registerNow: 'Register Now',
} as const;
