/** User-facing texts of the news feature; product texts are verbatim (ADR 012). */
export const newsTexts = {
  section: {
    eyebrow: 'From the Foundation',
    title: 'Latest News',
    intro: 'Stories of service, civic action and the people carrying the torch in their communities.',
  },
  carouselLabel: 'News articles',
  loading: 'Loading news articles…',
  loadError: 'Failed to load news articles. Please try again later.',
  empty: 'No news yet. Check back soon.',
  readMore: 'Read More',

  // News article page (/news/{slug}).
  articleEyebrow: 'Latest News',
  articleLoading: 'Loading article…',
  articleNotFoundTitle: 'Article Not Found',
  articleNotFound: "The article you're looking for could not be found.",
  backToHome: 'Back to Home',
  articleLoadErrorTitle: 'Unable to Load Article',
  articleLoadError: 'Failed to load this article. Please check your connection and try again.',
  tryAgain: 'Try Again',
  readTime: (minutes: number) => `${minutes} min read`,
  shareArticle: 'Share this article',
  ctaTitle: 'Stand With Us',
  ctaBody:
    'Join a nationwide community of patriots putting faith, freedom and service into action, or support the programs that make stories like this one possible.',
  becomeMember: 'Become a Member',
  supportMission: 'Support Our Mission',
  backToNews: 'Back to Latest News',
} as const;
