import { type ReceiptKind, manageMessages } from '@pillars/contracts';

/** User-facing texts of "Manage your giving" (docs/decisions/020). */
export const manageTexts = {
  pageTitle: 'Manage your giving',
  title: 'Manage your giving',
  intro:
    'Enter the email address you gave with your contribution, membership or registration. We will email you a link that opens your giving page; no account or password needed.',
  formLabel: 'Ask for a link to manage your giving',
  email: 'Email',
  submit: 'Email me a link',
  submitting: 'Sending...',
  sentTitle: 'Check your email',
  sentBody: manageMessages.linkRequested,
  sentHint: 'The link works once and for a limited time. Did not get it? Check your spam folder, or ask again.',
  sendAnother: 'Send another link',
  requestFailed: 'We could not send the link. Please try again.',

  opening: 'Opening your giving page…',
  linkInvalid: manageMessages.linkInvalid,
  sessionEnded: manageMessages.sessionRequired,
  loading: 'Loading your giving…',
  loadFailed: 'We could not load your giving. Please try again.',
  retry: 'Try again',

  dashboardTitle: 'Your giving',
  signedInAs: (email: string) => `Showing everything given or registered with ${email}.`,
  signOut: 'Sign out',

  contributionsHeading: 'Contributions',
  noContributions: 'No contributions with this address.',
  oneTime: 'One-time gift',
  monthly: 'Monthly gift',
  membershipsHeading: 'Memberships',
  noMemberships: 'No memberships with this address.',
  membership: 'Membership',
  perMonth: 'a month',
  /** Under an amount: what was given back of it. */
  refunded: (amount: string) => `${amount} refunded`,
  registrationsHeading: 'Event registrations',
  noRegistrations: 'No event registrations with this address.',
  free: 'Free',
  receiptsHeading: 'Receipts',
  noReceipts: 'No receipts yet.',
  statementsHeading: 'Giving statements',
  statementsIntro: 'A yearly statement of your gifts, to print or save for your taxes.',
  statementFor: (year: number) => `Giving statement for ${year}`,

  columns: {
    date: 'Date',
    amount: 'Amount',
    status: 'Status',
    nextCharge: 'Next charge',
    event: 'Event',
    eventDate: 'Event date',
    receiptNumber: 'Receipt number',
    description: 'Description',
    actions: 'Actions',
  },

  plan: {
    active: 'Active',
    'cancellation-requested': manageMessages.cancellationRequested,
    cancelled: 'Cancelled',
  },
  cancelGift: 'Cancel monthly gift',
  cancelMembership: 'Cancel membership',
  cancelGiftTitle: 'Cancel your monthly gift?',
  cancelMembershipTitle: 'Cancel your membership?',
  cancelGiftBody: (amount: string) =>
    `Your monthly gift of ${amount} stops: no further charges are made. Past gifts and their receipts stay as they are. We will email you when the cancellation is confirmed.`,
  cancelMembershipBody: (amount: string) =>
    `Your membership of ${amount} a month ends: no further charges are made and the membership becomes inactive. Past payments and their receipts stay as they are. We will email you when the cancellation is confirmed.`,
  confirmCancel: 'Yes, cancel',
  confirmingCancel: 'Cancelling...',
  keep: 'Keep it',
  close: 'Close',
  cancelFailed: 'We could not cancel it. Please try again.',
  cancelRequestedNote: 'Cancellation requested. We will email you when it is confirmed.',

  refund: 'Refund',
  kinds: {
    donation: 'One-time gift',
    recurring_donation: 'Monthly gift',
    membership: 'Membership',
    registration: 'Event registration',
  } satisfies Record<ReceiptKind, string>,
  payment: 'Payment',
} as const;

export const statementTexts = {
  pageTitle: (year: number) => `Giving statement ${year}`,
  title: (year: number) => `Giving statement for ${year}`,
  print: 'Print',
  back: 'Back to your giving',
  loading: 'Loading your statement…',
  loadFailed: 'We could not load your statement. Please try again.',
  invalidYear: 'There is no statement for this year.',
  issuedBy: (name: string, ein: string) => `${name} · EIN ${ein}`,
  donor: 'Donor',
  issuedOn: 'Issued',
  intro: (year: number) =>
    `Thank you for your support. This statement lists the gifts we received from you in ${year}. Membership dues and event fees are not gifts and are not listed.`,
  noGifts: (year: number) => `No gifts received in ${year}.`,
  total: 'Total gifts',
  columns: { date: 'Date', receiptNumber: 'Receipt number', description: 'Description', amount: 'Amount' },
  kinds: { donation: 'One-time gift', recurring_donation: 'Monthly gift' },
  refund: 'Refund',
} as const;
