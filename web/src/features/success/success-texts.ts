/** User-facing texts of the /success page; product texts are verbatim (ADR 012). */
export const successTexts = {
  returnHome: 'Return Home',

  contributionTitle: 'Thank You for Your Contribution!',
  contributionBody:
    'Your generosity helps equip everyday Americans to defend freedom, lead with faith and transform their communities and country.',
  contributionAmount: (amount: string) => `Contribution Amount: ${amount}`,

  membershipTitle: (orgName: string) => `Welcome to ${orgName}!`,
  membershipBody:
    'Thank you for becoming a member. We are honored to have you stand with us as we equip everyday Americans to defend freedom, lead with faith and serve their communities.',
  membershipFee: (amount: string) => `Monthly Membership: ${amount}`,

  eventTitle: 'Thank You for Registering!',
  eventBody: 'We have received your registration and look forward to seeing you there.',
  eventBodyNamed: (event: string) =>
    `We have received your registration for ${event} and look forward to seeing you there.`,
  eventFree: 'Free Event Registration',
  eventFee: (amount: string) => `Registration Fee: ${amount}`,

  otherTitle: 'Payment Successful!',
  otherBody: 'Thank you. Your payment has been processed successfully.',

  // A monthly plan, known from the payment's status, never from the URL.
  contributionMonthly: 'This is a monthly contribution.',
  nextCharge: (date: string) => `Next charge: ${date}`,

  // Beyond the product's texts: the payment's reference and what happens next (docs/decisions/039).
  reference: 'Payment reference',
  nextContribution: 'Your receipt is on its way to your e-mail inbox. Please keep it for your records.',
  nextMembership: 'A welcome e-mail and your receipt are on their way to your inbox.',
  nextEventPaid: 'Your registration confirmation and receipt are on their way to your e-mail inbox.',
  nextEventFree: 'Your registration confirmation is on its way to your e-mail inbox.',
} as const;
