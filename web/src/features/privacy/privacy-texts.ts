/** User-facing texts of the Privacy Policy page; the product's facts (date, retention, age, refunds) are verbatim. */

export type PolicySection = {
  /** Anchor of the section, linked from the table of contents. */
  id: string;
  title: string;
  paragraphs: readonly string[];
  items?: readonly string[];
  closing?: readonly string[];
};

export type RetentionRow = { record: string; period: string };

export const privacyTexts = {
  pageTitle: 'Privacy Policy',
  pageDescription:
    'How we collect, use, share, protect and retain personal information of visitors, donors, members and event attendees.',
  eyebrow: 'Legal',
  title: 'Privacy Policy',
  lastUpdatedLabel: 'Last updated:',
  lastUpdatedDate: 'January 9, 2025',
  /** Machine-readable form of the date above. */
  lastUpdatedIso: '2025-01-09',
  intro: (orgName: string) =>
    `${orgName} ("we", "us" or "our") respects your privacy. This policy explains what personal information we collect when you visit our website, make a contribution, become a member or register for an event; how we use, share and protect it; how long we keep it; and the choices you have.`,
  tocLabel: 'On this page',

  collect: {
    id: 'information-we-collect',
    title: 'Information We Collect',
    paragraphs: ['We collect only the information we need to run our programs and to serve you:'],
    items: [
      'Contact details you give us, such as your first and last name, email address, phone number and, where you provide it, your mailing address.',
      'Membership details, including the reason you chose to join if you share one, and the date and version of the liability waiver you accepted.',
      'Contribution and payment records: the amount, the date, whether a contribution is one-time or monthly, the payment status and the reference issued by our card payment provider.',
      'Event registrations: the event, the ticket type you selected, any comments you add and the registration fee paid.',
      'Messages you send us by email, by phone or through the forms on this website.',
      'Technical and usage information, such as your browser and device type, the pages you visit and the date and time of your visit, collected through cookies and similar technologies.',
    ],
  },
  use: {
    id: 'how-we-use-information',
    title: 'How We Use Your Information',
    paragraphs: ['We use personal information to:'],
    items: [
      'Process contributions, membership payments and event registration fees, and confirm them to you.',
      'Manage your membership, including monthly billing until you cancel.',
      'Organize events and contact registered attendees about schedules, changes or cancellations.',
      'Answer your questions and requests.',
      'Send news and updates about our mission, programs and events; you can opt out at any time.',
      'Keep the records we need for accounting, tax and legal purposes.',
      'Protect our website, members and donors against fraud and misuse, and improve how the website works.',
    ],
  },
  payments: {
    id: 'payments-and-card-information',
    title: 'Payments and Card Information',
    paragraphs: [
      'Card payments are handled by our card payment provider. Your card number, expiry date, security code and ZIP code are entered into secure fields hosted by the provider and are sent directly to it.',
      'We never store card numbers. We keep only what we need to reconcile payments: the amount, the date, the payment status and the reference issued by the provider. The provider processes your card details under its own privacy policy and the payment card industry data security standard (PCI DSS).',
    ],
  },
  fees: {
    id: 'contributions-memberships-and-event-fees',
    title: 'Contributions, Memberships and Event Fees',
    paragraphs: [
      'Memberships ($25 per month) and monthly contributions renew automatically each month until you cancel. You can cancel at any time by contacting us by email or phone using the details at the end of this policy.',
      'Event registration fees are non-refundable unless the event is cancelled. If we cancel an event, registered attendees will have their registration fee refunded.',
    ],
  },
  cookies: {
    id: 'cookies-and-analytics',
    title: 'Cookies and Analytics',
    paragraphs: [
      'We use a small number of cookies. Essential cookies keep the website working, for example to keep administrators signed in. Analytics information tells us how visitors use the website so we can improve it; we look at it in aggregate and never sell it.',
      'You can block or delete cookies in your browser settings. Some features, such as signing in, may not work without essential cookies.',
    ],
  },
  sharing: {
    id: 'how-we-share-information',
    title: 'How We Share Information',
    paragraphs: ['We do not sell, rent or trade your personal information. We share it only:'],
    items: [
      'With service providers that help us operate, such as our card payment provider and our email and hosting services, and only as far as they need it to provide their services to us.',
      'When the law, a court order or other legal process requires it, or to protect the rights, safety and property of our organization, our members or others.',
      'With your consent or at your direction.',
    ],
  },
  retention: {
    id: 'data-retention',
    title: 'Data Retention',
    paragraphs: [
      'We keep personal information only as long as we need it for the purposes described in this policy, or as long as the law requires:',
    ],
    closing: [
      'Contribution records are kept for 7 years to meet tax and accounting requirements. When a retention period ends, we delete the information or make it anonymous.',
    ],
  },
  retentionCaption: 'How long we keep personal information',
  retentionRecordHeader: 'Information',
  retentionPeriodHeader: 'Retention period',
  retentionRows: [
    { record: 'Member records', period: '3 years after cancellation' },
    { record: 'Contribution records', period: '7 years' },
    { record: 'Analytics data', period: '2 years' },
    { record: 'Communications', period: '2 years' },
  ],
  security: {
    id: 'how-we-protect-information',
    title: 'How We Protect Your Information',
    paragraphs: [
      'We use reasonable administrative, technical and physical safeguards, including encrypted connections (HTTPS), access limited to authorized staff and password-protected administrator accounts. No method of transmission or storage is completely secure, but we work to protect your information and to respond promptly to any incident.',
    ],
  },
  rights: {
    id: 'your-choices-and-rights',
    title: 'Your Choices and Rights',
    paragraphs: ['You may:'],
    items: [
      'Ask for a copy of the personal information we hold about you.',
      'Ask us to correct information that is inaccurate or incomplete.',
      'Ask us to delete your information, except records we must keep by law, such as contribution records.',
      'Unsubscribe from our emails at any time, using the link in the email or by contacting us.',
      'Cancel your membership or monthly contribution at any time.',
    ],
    closing: [
      'To make a request, contact us using the details below. We may need to verify your identity before we act on it.',
    ],
  },
  children: {
    id: 'childrens-privacy',
    title: "Children's Privacy",
    paragraphs: [
      'You must be at least 13 years old to use this website. Our website and services are not directed to children under 13, and we do not knowingly collect personal information from children under 13. If you believe a child under 13 has given us personal information, please contact us and we will delete it.',
      'Anyone under 18 who wishes to become a member needs a parent or guardian to accept our liability waiver on their behalf.',
    ],
  },
  changes: {
    id: 'changes-to-this-policy',
    title: 'Changes to This Policy',
    paragraphs: [
      'We may update this policy from time to time. When we do, we will change the "Last updated" date at the top of this page, and for significant changes we will take reasonable steps to let you know, such as a notice on our website.',
    ],
  },
  contact: {
    id: 'contact-us',
    title: 'Contact Us',
    paragraphs: [
      'If you have questions about this policy or how we handle your information, or want to exercise any of your choices, please contact us:',
    ],
  },
  contactOrganization: 'Organization',
  contactEmail: 'Email',
  contactPhone: 'Phone',
  contactAddress: 'Address',
} as const;

/** The sections in reading order, as the table of contents lists them. */
export const policySections: readonly PolicySection[] = [
  privacyTexts.collect,
  privacyTexts.use,
  privacyTexts.payments,
  privacyTexts.fees,
  privacyTexts.cookies,
  privacyTexts.sharing,
  privacyTexts.retention,
  privacyTexts.security,
  privacyTexts.rights,
  privacyTexts.children,
  privacyTexts.changes,
  privacyTexts.contact,
];
