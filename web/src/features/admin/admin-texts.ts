import { MEMBERSHIP_PRICE_CENTS, formatCents } from '@pillars/shared/contracts';

const plural = (count: number, one: string, many: string) =>
  `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;

/** User-facing texts of the admin area; product texts are verbatim (ADR 012). */
export const adminTexts = {
  // Shared by every admin page
  backToDashboard: 'Back to Dashboard',
  close: 'Close',
  cancel: 'Cancel',
  email: 'Email',
  phone: 'Phone',
  paymentMethod: 'Payment method',
  paymentId: 'Payment ID',
  transactionId: 'Transaction ID',
  /** A failed admin action whose answer carries no message of its own (a 5xx, a network error). */
  genericActionError: 'The request failed. Please try again.',
  emailPerson: (name: string) => `Email ${name}`,

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
  typeFilterLabel: 'Filter by type',
  typeOptions: {
    all: 'All Types',
    Contribution: 'Contributions',
    Membership: 'Memberships',
    'Event Registration': 'Event Registrations',
  },
  exportCsv: 'Export CSV',
  emailSelected: 'Email Selected',
  emailSelectedCount: (count: number) => `Email Selected (${count})`,
  resultsCount: (matching: number, total: number, selected: number) =>
    `${matching.toLocaleString('en-US')} of ${plural(total, 'contributor', 'contributors')} match${selected > 0 ? `, ${selected.toLocaleString('en-US')} selected` : ''}.`,

  // Contributors table
  tableCaption: 'Contributors, donations, memberships and event registrations',
  selectAll: 'Select all matching contributors',
  showMore: (count: number) => `Show ${count} more`,
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
  frequency: 'Frequency',
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
  memberSince: 'Joined',
  waiver: 'Waiver',
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
  tier: 'Ticket',
  comments: 'Comments',
  payment: 'Payment',
  noPayment: 'None',
  registrationsOf: (event: string) => `Registrations for ${event}`,
  eventDate: 'Date',
  eventTime: 'Time',
  eventLocation: 'Location',
} as const;
