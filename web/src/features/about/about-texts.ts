/** User-facing texts of the About page; the mission is a product text, verbatim. */
export const aboutTexts = {
  pageTitle: 'About Us',
  heroEyebrow: 'About Us',
  heroTitle: (orgName: string) => `About ${orgName}`,
  heroBody: (orgName: string) =>
    `${orgName} equips everyday Americans to become their strongest, most purpose-driven selves through the 7 Pillars of a Patriot, so they can defend freedom, lead with faith and transform their communities and country.`,

  mission: {
    eyebrow: 'Why We Exist',
    title: 'Our Mission',
    intro:
      'We believe a free nation is only as strong as the character of its citizens. Our mission is to help everyday Americans grow into that strength and put it to work where they live.',
    paragraphs: [
      'Through events, mentorship, education and service projects, we give members practical ways to grow in body, mind and spirit, and to carry that growth into their homes, workplaces and neighborhoods.',
      'We honor the sacrifice of those who secured our liberties by living up to them: learning the founding principles, speaking up with courage and respect, and serving the people around us.',
    ],
  },

  pillars: {
    eyebrow: 'The 7 Pillars of a Patriot',
    title: 'What We Stand For',
    intro:
      'Seven commitments, the 7 Pillars of a Patriot, shape everything we do. Together they describe the citizen we strive to be and help others become.',
  },

  vision: {
    eyebrow: 'Where We Are Going',
    title: 'Our Vision',
    intro: 'We envision an America renewed from the ground up: one citizen, one family and one community at a time.',
    paragraphs: [
      'We see towns where neighbors know and help one another, where young people are mentored by those who came before them, and where civic life is marked by honesty, courage and goodwill.',
      'We see citizens who are prepared to defend freedom, lead with faith and serve their communities and country, and who pass that legacy on to the next generation.',
    ],
  },

  joinTitle: 'Join the Movement',
  joinBody:
    'Become a member to stand with a nationwide community of patriots, or come to an upcoming event to meet us in person.',
  becomeMember: 'Become a Member',
  attendEvent: 'Attend an Event',
} as const;
