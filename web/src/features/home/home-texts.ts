/** User-facing texts of the home page; product texts are verbatim (ADR 012). */
export const HERO_WORDS = ['Freedom', 'Sacrifice', 'Unity'] as const;
/** Product rule: the hero word changes every 2500 ms. */
export const HERO_WORD_INTERVAL_MS = 2500;

export const homeTexts = {
  heroLead: 'Honoring',
  /** What screen readers hear instead of the changing word. */
  heroSpokenHeadline: 'Honoring Freedom, Sacrifice and Unity',
  /** Not in the spec: the control that stops and restarts the changing word (WCAG 2.2.2). */
  pauseWord: 'Pause',
  playWord: 'Play',
  wordControlSuffix: ' the rotating word',
  heroBody: (orgName: string) =>
    `${orgName} equips everyday Americans to become their strongest, most purpose-driven selves through the 7 Pillars of a Patriot, so they can defend freedom, lead with faith and transform their communities and country.`,
  becomeMember: 'Become Member',
  contributeNow: 'Contribute Now',

  mission: {
    eyebrow: 'Our Mission',
    title: 'The 7 Pillars of a Patriot',
    intro:
      'Strong citizens build strong communities. Our programs help every member grow in character, conviction and service.',
  },

  contribution: {
    eyebrow: 'Support Our Mission',
    title: 'Make a Contribution',
    intro:
      'Every contribution, one-time or monthly, funds programs, events and outreach that equip Americans to serve their communities and country.',
  },

  membership: {
    eyebrow: 'Join the Movement',
    title: 'Become a Member',
    intro:
      'Members stand with a nationwide community of patriots for $25 a month, with access to programs, events and resources that put the 7 Pillars into practice.',
  },
  loadingMembershipForm: 'Loading the membership form…',

  contact: {
    eyebrow: 'Get in Touch',
    title: 'Contact Us',
    intro: 'Questions about membership, events or contributions? We would be glad to hear from you.',
  },
  contactEmail: 'Email',
  contactPhone: 'Phone',
  contactAddress: 'Address',
} as const;
