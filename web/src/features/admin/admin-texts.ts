import { formatCents } from '@pillars/contracts';
import { MEMBERSHIP_PRICE_CENTS } from '@pillars/money/rules';
import { RECORD_COLUMN_LABELS } from '@pillars/contracts/admin';
import { paymentTexts } from './payment-texts';
import { plural } from './plural';

/** User-facing texts of the admin area; product texts are verbatim (ADR 012). */
export const adminTexts = {
  // Shared by every admin page
  backToDashboard: 'Back to Dashboard',
  close: 'Close',
  cancel: 'Cancel',
  email: 'Email',
  phone: RECORD_COLUMN_LABELS.phone,
  /** A failed admin action whose answer carries no message of its own (a 5xx, a network error). */
  genericActionError: 'The request failed. Please try again.',
  emailPerson: (name: string) => `Email ${name}`,
  /** Under a load error: what a person can do about it. */
  loadFailedHint: (what: string) => `We couldn't load ${what}. Check your connection and try again.`,
  tryAgain: 'Try again',
  retrying: 'Trying again...',
  technicalDetails: 'Technical details',

  // Dashboard /admin
  dashboardTitle: 'Admin Dashboard',
  welcome: (username: string) => `Welcome, ${username}`,
  logout: 'Logout',
  loggingOut: 'Logging out...',
  subPagesLabel: 'Admin pages',
  eventsLink: 'Event Registrations',
  contributorsLink: 'Contributors',
  membersLink: 'Members',
  loadingContributors: 'Loading contributors...',
  errorLoadingContributors: (message: string) => `Error loading contributors: ${message}`,
  failedToLoadContributors: 'Failed to load contributors data',
  /** The product's internal message, for a request that got no answer at all. */
  failedToFetchContributors: 'Failed to fetch contributors',

  summaryLabel: 'Summary',
  totalContributors: 'Total Contributors',
  totalDonations: 'Contributions',
  totalMemberships: 'Memberships',
  totalEventRegistrations: 'Event Registrations',
  totalAmount: 'Total Amount',
  /**
   * What each summary card counts, shown under it (the server's rule: COUNTED_STATUSES in
   * api/src/features/admin/contributors.service.ts, docs/decisions/052-what-a-record-says.md).
   */
  summaryDescriptions: {
    totalContributors:
      'People, one per e-mail address, behind the contributions, memberships and registrations counted here.',
    totalDonations:
      'Gifts that went through (paid by card or confirmed), refunded ones included; declined and unpaid attempts are not counted.',
    totalMemberships: 'Active memberships: a monthly plan whose payment succeeded and has not ended.',
    totalEventRegistrations: 'Every event registration, paid, free, pending or cancelled.',
    totalAmount: 'Money received by card, less refunds and voids.',
  },

  // Search and filters
  searchLabel: 'Search contributors',
  searchPlaceholder: 'Search by name, email, details, phone or payment ID...',
  advancedSearch: 'Advanced Search',
  advancedSearchLabel: 'Advanced search',
  transactionIdLabel: 'Transaction ID',
  transactionIdPlaceholder: 'Full or partial transaction ID',
  exactAmountLabel: 'Exact amount ($)',
  exactAmountPlaceholder: '25.00',
  clearAll: 'Clear All',
  statusFilterLabel: 'Filter by status',
  statusOptions: {
    all: 'All statuses',
    refunded: 'Refunded',
    partly_refunded: 'Partly refunded',
    voided: 'Voided',
    disputed: 'Disputed',
    declined: 'Declined',
    cancelled: 'Cancelled',
  },
  typeFilterLabel: 'Filter by type',
  typeOptions: {
    all: 'All Types',
    Contribution: 'Contributions',
    Membership: 'Memberships',
    'Event Registration': 'Event Registrations',
    'Membership Interest': 'Membership Interest',
  },
  exportCsv: 'Export CSV',
  emailSelected: 'Email Selected',
  emailSelectedCount: (count: number) => `Email Selected (${count})`,
  resultsShown: (shown: number, matching: number) =>
    `Showing ${shown.toLocaleString('en-US')} of ${plural(matching, 'matching contributor', 'matching contributors')}.`,
  rowsSelected: (count: number) => `${count.toLocaleString('en-US')} selected.`,
  allMatchingSelected: (count: number) => `All ${plural(count, 'matching row', 'matching rows')} selected.`,
  clearSelection: 'Clear selection',
  exportCoversAll: (count: number) =>
    `Export CSV includes all ${plural(count, 'matching row', 'matching rows')}, not only the selected ones.`,
  loadingRecipients: 'Loading the email addresses of the selection...',
  recipientsLoadError: (message: string) => `The email addresses of the selection could not be loaded: ${message}`,
  recipientsCapped: (included: number, matching: number) =>
    `Only the ${included.toLocaleString('en-US')} most recent addresses of the ${plural(matching, 'matching row', 'matching rows')} are included. To reach everyone, narrow the search, or export the CSV for a mailing service.`,

  // Contributors table
  tableCaption: 'Contributors, donations, memberships and event registrations',
  tableScrollHint: 'Scroll sideways to see every column.',
  selectAll: 'Select all matching contributors',
  showMore: (count: number) => `Show ${count} more`,
  /** Under a paged list: how much of it the page shows. */
  shownOf: (shown: number, total: number) =>
    `Showing ${shown.toLocaleString('en-US')} of ${total.toLocaleString('en-US')}`,
  errorLoadingMore: (message: string) => `Error loading more: ${message}`,
  loadingListRecipients: 'Loading recipients...',
  errorLoadingRecipients: (message: string) => `Error loading recipients: ${message}`,
  doorSearchError: (message: string) => `Error searching registrations: ${message}`,
  selectRow: (name: string) => `Select ${name}`,
  columns: {
    name: 'Name',
    email: 'Email',
    phone: 'Phone',
    type: 'Type',
    amount: 'Amount',
    status: 'Status',
    transactionId: 'Transaction ID',
    details: 'Details',
    date: 'Date',
    actions: 'Actions',
  },
  noContributors: 'No contributors found matching your search criteria.',
  confirm: 'Confirm',
  confirmRow: (type: string, name: string) => `Confirm ${type.toLowerCase()} of ${name}`,
  confirmedTitle: 'Status Updated',
  confirmedBody: (type: string, name: string) => `The ${type.toLowerCase()} of ${name} is now confirmed.`,
  confirmFailedTitle: 'Confirmation Failed',

  // Bulk e-mail (the product's default subjects)
  dashboardSubject: (orgName: string) => `${orgName} Communication`,
  contributorsSubject: 'Thank you for your contribution',
  membersSubject: (orgName: string) => `${orgName} Membership Update`,
  eventSubject: (event: string) => `${event} - Important Update`,
  emailSelectedTitle: 'Email Selected Contributors',
  emailDescription: (count: number) =>
    `Write a message to ${plural(count, 'recipient', 'recipients')}. Your email client opens addressed to the organisation mailbox with the recipients in Bcc, so they don't see each other's addresses.`,
  subject: 'Subject',
  message: 'Message',
  recipients: (count: number) => `Recipients: ${count}`,
  openEmailClient: 'Open Email Client',
  batchesIntro: (count: number) =>
    `The list is too long for a single email, so it is split into ${count} emails. Open each one in turn:`,
  openBatch: (index: number, count: number) => `Open batch ${index} of ${count}`,
  batchRecipients: (count: number) => plural(count, 'recipient', 'recipients'),

  // Profile Settings
  profileSettings: 'Profile Settings',
  profileDescription: 'Update the name, email and phone of your admin account.',
  firstName: 'First name',
  lastName: 'Last name',
  saveProfile: 'Save Changes',
  savingProfile: 'Saving...',
  profileUpdatedTitle: 'Profile Updated',
  profileUpdatedBody: 'Your profile has been updated.',
  profileFailedTitle: 'Profile Update Failed',

  // Manage Admins
  manageAdmins: 'Manage Admins',
  manageAdminsDescription: 'Admin accounts that can sign in to this dashboard.',
  adminUsersHeading: 'Admin Users',
  loadingAdmins: 'Loading admin users...',
  adminsLoadError: 'Failed to load admin users.',
  noAdmins: 'No admin users yet.',
  adminSince: (date: string) => `Added ${date}`,
  you: 'You',
  addAdminHeading: 'Add New Admin',
  password: 'Password',
  requiredNote: 'Fields marked * are required.',
  createAdmin: 'Create Admin',
  creatingAdmin: 'Creating...',
  adminCreatedTitle: 'Admin Created',
  adminCreatedBody: (username: string) => `${username} can now sign in.`,
  createAdminFailedTitle: 'Could Not Create Admin',
  deleteAdmin: 'Delete',
  deleteAdminLabel: (username: string) => `Delete ${username}`,
  deleteAdminTitle: 'Delete Admin User',
  deleteAdminConfirm: 'Are you sure you want to delete this admin user? This action cannot be undone.',
  deleting: 'Deleting...',
  adminDeletedTitle: 'Admin Deleted',
  adminDeletedBody: (username: string) => `${username} can no longer sign in.`,
  deleteAdminFailedTitle: 'Could Not Delete Admin',

  // Sub-pages: shared
  emailAll: (count: number) => `Email All (${count})`,
  broadcastMessage: 'Broadcast Message',
  recurring: 'Monthly Recurring',
  oneTime: 'One-time',

  // /admin/contributors
  contributorsTitle: 'Contributors',
  loadingContributions: 'Loading contributors...',
  errorLoadingContributions: (message: string) => `Error loading contributors: ${message}`,
  totalContributions: (count: number) => `Total: ${plural(count, 'contributor', 'contributors')}`,
  noContributions: 'No contributions yet.',
  contributionsLabel: 'Contributions',
  contributorsBroadcastDescription: (count: number) =>
    `Write one message to all ${plural(count, 'contributor', 'contributors')}. Your email client opens addressed to the organisation mailbox with them in Bcc.`,

  // /admin/members
  membersTitle: 'Members',
  loadingMembers: 'Loading members...',
  errorLoadingMembers: (message: string) => `Error loading members: ${message}`,
  totalMembers: (count: number) => `Total: ${plural(count, 'member', 'members')}`,
  noMembers: 'No members yet.',
  membersLabel: 'Members',
  monthlyPrice: `$${formatCents(MEMBERSHIP_PRICE_CENTS)}/mo`,
  waiverAccepted: 'Accepted',
  waiverNotAccepted: 'Not Accepted',
  waiverAcceptedOn: (date: string) => `on ${date}`,
  waiverVersion: (version: string) => `version ${version}`,
  waiverWarning: 'This member has not accepted the liability waiver.',
  membersBroadcastDescription: (count: number) =>
    `Write one message to all ${plural(count, 'member', 'members')}. Your email client opens addressed to the organisation mailbox with them in Bcc.`,

  // /admin/events
  eventsTitle: 'Event Registrations',
  loadingRegistrations: 'Loading event registrations...',
  errorLoadingRegistrations: (message: string) => `Error loading event registrations: ${message}`,
  totalRegistrations: (count: number) => `Total: ${plural(count, 'registration', 'registrations')}`,
  noRegistrations: 'No event registrations yet.',
  registrationCount: (count: number) => plural(count, 'registration', 'registrations'),
  sendMessageToAll: 'Send Message to All',
  sendMessageToAllLabel: (event: string) => `Send Message to All registrants of ${event}`,
  eventBroadcastDescription: (event: string, count: number) =>
    `Write one message to the ${plural(count, 'registrant', 'registrants')} of ${event}. Your email client opens addressed to the organisation mailbox with them in Bcc.`,
  registeredAt: (date: string) => `Registered ${date}`,
  tier: RECORD_COLUMN_LABELS.tier,
  /** A fee not paid yet: only money the ledger received reads as a payment. */
  paymentDue: 'Payment due',
  /** A fee an admin acknowledged without a card payment (docs/decisions/017). */
  fee: 'Fee',
  noPayment: 'None',
  registrationsOf: (event: string) => `Registrations for ${event}`,
  eventDate: 'Date',
  eventTime: 'Time',
  eventLocation: 'Location',
  // Audit log /admin/audit-log
  auditLogLink: 'Audit Log',
  auditLogTitle: 'Audit Log',
  auditLogIntro: 'Who changed what, and when, newest first.',
  auditFiltersLabel: 'Filter the audit log',
  auditActor: 'Who (username or user id)',
  auditAction: 'What (words in the action or record, e.g. refund)',
  auditFrom: 'From (date)',
  auditTo: 'To (date, inclusive)',
  auditApply: 'Apply filters',
  auditClear: 'Clear filters',
  auditTableLabel: 'Audit log entries',
  auditWhen: 'When',
  auditWho: 'Who',
  auditWhat: 'What',
  auditRecord: 'Record',
  auditChange: 'Change',
  auditBefore: 'Before',
  auditAfter: 'After',
  /** After the label of an actor that is no admin's account (the worker, a donor's link). */
  auditSystemActor: '(no account)',
  loadingAuditLog: 'Loading the audit log...',
  loadingMore: 'Loading more...',
  loadMore: 'Load more',
  auditEnd: (count: number) => `All ${plural(count, 'entry', 'entries')} shown.`,
  errorLoadingAuditLog: (message: string) =>
    `The audit log could not be loaded (${message}). Check the filters, then reload the page or try again in a moment.`,
  noAuditEntries: 'No audit entries match these filters. Widen the dates or clear the filters.',
  noAuditEntriesAtAll: 'Nothing has been recorded in the audit log yet.',

  // Check-in (docs/decisions/019)
  checkIn: 'Check in',
  checkInLabel: (name: string) => `Check in ${name}`,
  checkedIn: 'Checked in',
  checkInFailedTitle: 'Check-in failed',
  checkedInName: (name: string) => `${name} checked in`,
  doorHeading: 'Check-in at the door',
  doorSearchLabel: 'Find a registrant by name or e-mail',
  doorResultsLabel: 'Registrants found',
  doorResults: (count: number) =>
    count === 0 ? 'No registrant found.' : count === 1 ? '1 registrant found.' : `${count} registrants found.`,
  ...paymentTexts,
} as const;
