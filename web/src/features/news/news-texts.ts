/** User-facing texts of the news feature; SPEC section 2 and 8 texts are verbatim. */
export const newsTexts = {
  sectionTitle: 'Latest News',
  sectionEyebrow: 'From the Foundation',
  sectionIntro: 'Stories of service, civic action and the people carrying the torch in their communities.',
  carouselLabel: 'News articles',
  loading: 'Loading news articles…',
  loadError: 'Failed to load news articles. Please try again later.',
  empty: 'No news yet. Check back soon.',
  readMore: 'Read More',
} as const;
