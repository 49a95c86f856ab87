import {
  ContributionDetail,
  ContributionDetailList,
  ContributionDetailPage,
  DETAIL_PAGE_DEFAULT_LIMIT,
  DETAIL_PAGE_MAX_LIMIT,
  DOOR_SEARCH_LIMIT,
  DOOR_SEARCH_MIN,
  DetailPageQuery,
  DoorSearchQuery,
  MemberDetail,
  MemberDetailList,
  MemberDetailPage,
  RegisteredEventList,
  RegistrationDetail,
  RegistrationDetailList,
  RegistrationDetailPage,
  RegistrationRecipientsQuery,
  RegistrationsPageQuery,
} from './admin';

/**
 * The admin's record lists (/admin/contributors, /admin/members, /admin/events), each described
 * once as data: what a row is, the fields its card shows and how, how it is ordered, narrowed and
 * searched, what it exports and who a message to all of it reaches. The API serves the lists by
 * these descriptions and the web's one list page draws them (docs/decisions/034). Browser-safe.
 */

/** The most rows a list's unpaged call answers: the newest. Its paged form reaches the rest. */
export const RECORD_LIST_UNPAGED_LIMIT = 10_000;

/** The labels of the cards' fields; other admin views that show the same field use the same words. */
export const RECORD_COLUMN_LABELS = {
  phone: 'Phone',
  paymentMethod: 'Payment method',
  paymentId: 'Payment ID',
  transactionId: 'Transaction ID',
  frequency: 'Frequency',
  date: 'Date',
  memberSince: 'Joined',
  waiver: 'Waiver',
  tier: 'Ticket',
  payment: 'Payment',
  comments: 'Comments',
} as const;

/**
 * How a field is written. `name` first and last name; `decimal-dollars` a dollar string as '$17.76';
 * `member-price` the monthly price of a card plan, else the amount (an application pays nothing a
 * month, docs/decisions/017); `state` what the ledger says of the record over its stored status
 * (docs/decisions/052-what-a-record-says.md); `frequency` monthly or one-time; `short-date` and
 * `registered-at` a date, the latter with its time; `short-id` the last 8 characters of a payment
 * id; `waiver` accepted with date and version, or not; `waiver-warning` a warning when not
 * accepted; `tier` the ticket's name, else its id; `registration-payment` only money the ledger
 * received as a payment, an unpaid fee as due, an acknowledged one as its fee; `text` as stored.
 */
export type RecordColumnFormat =
  | 'name'
  | 'decimal-dollars'
  | 'member-price'
  | 'state'
  | 'frequency'
  | 'short-date'
  | 'registered-at'
  | 'short-id'
  | 'waiver'
  | 'waiver-warning'
  | 'tier'
  | 'registration-payment'
  | 'text';

/** Where a card shows a field: its heading, the big figure under it, the badge, the line under the heading, a notice, or the labelled details. */
export type RecordColumnPlace = 'heading' | 'figure' | 'badge' | 'subline' | 'notice' | 'detail';

export type RecordListColumn<Row> = {
  /** The row's fields it reads, the first being the one it is named by. */
  fields: readonly [keyof Row & string, ...(keyof Row & string)[]];
  place: RecordColumnPlace;
  format: RecordColumnFormat;
  /** Its label among the details; the heading, figure, badge, subline and notice speak for themselves. */
  label?: string;
  /** Left out of the card when its first field is empty (null or blank). */
  optional?: true;
};

/** What a card offers under its details: mail the person, open the payment, check a registrant in. */
export type RecordListAction = 'email' | 'payment-detail' | 'check-in';

/** The badge's colours: each kind of record words its states in its own scheme. */
export type RecordBadgeScheme = 'contribution' | 'member' | 'registration';

/**
 * A list narrowed to one value of a field, shown as groups: the groups come from `groupsPath`
 * (with their row counts), and each group's rows, recipients and count are asked with `param`.
 */
export type RecordListScope = {
  param: 'eventId';
  field: 'eventId';
  groupsPath: string;
  groups: typeof RegisteredEventList;
  /** The groups shown at first, and added by each "Show more". */
  groupsShown: number;
  /** A group whose rows fit in one page shows no pager. */
  pagerOnlyWhenPaged: true;
};

/**
 * A search across the whole list on the server: every word in any order and case, accents folded,
 * in the fields named; fewer than `minLetters` letters find nobody; the newest `limit` rows, rows
 * in the statuses of `leavesOut` never listed.
 */
export type RecordListSearch = {
  path: string;
  query: typeof DoorSearchQuery;
  answer: typeof RegistrationDetailList;
  fields: readonly string[];
  minLetters: number;
  limit: number;
  leavesOut: readonly string[];
};

export type RecordList<Row, Page, Query, Unpaged> = {
  /** The list's name, as the web's views and the API's logs name it. */
  name: 'contributions' | 'members' | 'registrations';
  /** The web page that shows it. */
  route: string;
  /** The table its rows come from, and the ledger's payment kinds that pay for them. */
  table: 'donations' | 'memberships' | 'event_registrations';
  paymentKinds: readonly ('donation' | 'recurring_donation' | 'membership' | 'registration')[];
  row: { readonly shape: Record<keyof Row, unknown> };
  /** GET: the newest RECORD_LIST_UNPAGED_LIMIT rows. */
  unpaged: { path: string; answer: Unpaged };
  /** GET: one page newest first, by the previous page's cursor, with the list's total. */
  page: { path: string; query: Query; answer: Page; defaultLimit: number; maxLimit: number };
  columns: readonly RecordListColumn<Row>[];
  badge: RecordBadgeScheme;
  actions: readonly RecordListAction[];
  /** The one order: newest first (created_at), ties by id, descending. No other sort is offered. */
  sortKeys: readonly ['date'];
  order: { key: 'date'; direction: 'desc'; field: 'createdAt'; tieBreak: 'id' };
  /** The dashboard's filters do not apply; a scope narrows a list to one group. */
  filters: readonly [];
  scope: RecordListScope | null;
  search: RecordListSearch | null;
  /** No detail list exports a file: the dashboard's CSV (contributors-csv.ts) holds every record. */
  csvColumns: readonly [];
  /**
   * A message to all: the distinct addresses (compared without case) at `path`, how many at
   * `countPath`, of the scope's group when the list has one (`query`).
   */
  recipients: { path: string; countPath: string; query: typeof RegistrationRecipientsQuery | null };
};

const NEWEST_FIRST = { key: 'date', direction: 'desc', field: 'createdAt', tieBreak: 'id' } as const;
const PAGE_LIMITS = { defaultLimit: DETAIL_PAGE_DEFAULT_LIMIT, maxLimit: DETAIL_PAGE_MAX_LIMIT } as const;
const L = RECORD_COLUMN_LABELS;

/** What every list has today: one order, no filter, no file. */
const NEWEST_ONLY = { sortKeys: ['date'], order: NEWEST_FIRST, filters: [], csvColumns: [] } as const;

/** The columns every card starts with: the person's name, then the state's badge. */
const NAME = { fields: ['firstName', 'lastName'], place: 'heading', format: 'name' } as const;
const STATE = { fields: ['state', 'status'], place: 'badge', format: 'state' } as const;
const PHONE = { fields: ['phone'], place: 'detail', format: 'text', label: L.phone } as const;
const PAYMENT_METHOD = { fields: ['paymentMethod'], place: 'detail', format: 'text', label: L.paymentMethod } as const;
const PAYMENT_ID = { fields: ['payTheoryPaymentId'], place: 'detail', format: 'short-id', optional: true } as const;

/** A list of one kind of paid record (contributions, members): its last two columns and its ways. */
const PAYMENT_THEN_PHONE = [
  { ...PAYMENT_ID, label: L.paymentId },
  { ...PHONE, optional: true },
] as const;
const ONE_KIND_PAID = { actions: ['email', 'payment-detail'], ...NEWEST_ONLY, scope: null, search: null } as const;

/** A list's addresses for a message to all, and how many they are, under its API path. */
const recipientsOf = <Q>(listPath: string, query: Q) =>
  ({ path: `${listPath}/recipients`, countPath: `${listPath}/recipients/count`, query }) as const;

/** /admin/contributors: every donation, one-time or monthly. */
export const CONTRIBUTIONS_LIST = {
  name: 'contributions',
  route: '/admin/contributors',
  table: 'donations',
  paymentKinds: ['donation', 'recurring_donation'],
  row: ContributionDetail,
  unpaged: { path: '/api/admin/contributors-detail', answer: ContributionDetailList },
  page: {
    path: '/api/admin/contributors-detail/page',
    query: DetailPageQuery,
    answer: ContributionDetailPage,
    ...PAGE_LIMITS,
  },
  columns: [
    NAME,
    { fields: ['amount'], place: 'figure', format: 'decimal-dollars' },
    STATE,
    PAYMENT_METHOD,
    { fields: ['isRecurring'], place: 'detail', format: 'frequency', label: L.frequency },
    { fields: ['createdAt'], place: 'detail', format: 'short-date', label: L.date },
    ...PAYMENT_THEN_PHONE,
  ],
  badge: 'contribution',
  ...ONE_KIND_PAID,
  recipients: recipientsOf('/api/admin/contributors-detail', null),
} as const satisfies RecordList<
  ContributionDetail,
  typeof ContributionDetailPage,
  typeof DetailPageQuery,
  typeof ContributionDetailList
>;

/** /admin/members: every membership, with its waiver. */
export const MEMBERS_LIST = {
  name: 'members',
  route: '/admin/members',
  table: 'memberships',
  paymentKinds: ['membership'],
  row: MemberDetail,
  unpaged: { path: '/api/admin/members-detail', answer: MemberDetailList },
  page: { path: '/api/admin/members-detail/page', query: DetailPageQuery, answer: MemberDetailPage, ...PAGE_LIMITS },
  columns: [
    NAME,
    { fields: ['amount', 'isRecurring'], place: 'figure', format: 'member-price' },
    STATE,
    { fields: ['waiverAccepted'], place: 'notice', format: 'waiver-warning' },
    PAYMENT_METHOD,
    { fields: ['createdAt'], place: 'detail', format: 'short-date', label: L.memberSince },
    {
      fields: ['waiverAccepted', 'waiverAcceptedAt', 'waiverVersion'],
      place: 'detail',
      format: 'waiver',
      label: L.waiver,
    },
    ...PAYMENT_THEN_PHONE,
  ],
  badge: 'member',
  ...ONE_KIND_PAID,
  recipients: recipientsOf('/api/admin/members-detail', null),
} as const satisfies RecordList<MemberDetail, typeof MemberDetailPage, typeof DetailPageQuery, typeof MemberDetailList>;

/** /admin/events: every event registration, grouped by event, with check-in at the door. */
export const REGISTRATIONS_LIST = {
  name: 'registrations',
  route: '/admin/events',
  table: 'event_registrations',
  paymentKinds: ['registration'],
  row: RegistrationDetail,
  unpaged: { path: '/api/admin/event-registrations', answer: RegistrationDetailList },
  page: {
    path: '/api/admin/event-registrations/page',
    query: RegistrationsPageQuery,
    answer: RegistrationDetailPage,
    ...PAGE_LIMITS,
  },
  columns: [
    NAME,
    { fields: ['createdAt'], place: 'subline', format: 'registered-at' },
    STATE,
    PHONE,
    { fields: ['selectedTier', 'selectedTierName'], place: 'detail', format: 'tier', label: L.tier, optional: true },
    {
      fields: ['paymentAmount', 'paidCents', 'status'],
      place: 'detail',
      format: 'registration-payment',
      label: L.payment,
    },
    { ...PAYMENT_ID, label: L.transactionId },
    { fields: ['comments'], place: 'detail', format: 'text', label: L.comments, optional: true },
  ],
  badge: 'registration',
  actions: ['email', 'payment-detail', 'check-in'],
  ...NEWEST_ONLY,
  scope: {
    param: 'eventId',
    field: 'eventId',
    groupsPath: '/api/admin/event-registrations/events',
    groups: RegisteredEventList,
    groupsShown: 10,
    pagerOnlyWhenPaged: true,
  },
  search: {
    path: '/api/admin/event-registrations/search',
    query: DoorSearchQuery,
    answer: RegistrationDetailList,
    fields: ['firstName', 'lastName', 'email', 'phone', 'payTheoryPaymentId'],
    minLetters: DOOR_SEARCH_MIN,
    limit: DOOR_SEARCH_LIMIT,
    leavesOut: ['cancelled'],
  },
  recipients: recipientsOf('/api/admin/event-registrations', RegistrationRecipientsQuery),
} as const satisfies RecordList<
  RegistrationDetail,
  typeof RegistrationDetailPage,
  typeof RegistrationsPageQuery,
  typeof RegistrationDetailList
>;

/** The three lists by name. */
export const RECORD_LISTS = {
  contributions: CONTRIBUTIONS_LIST,
  members: MEMBERS_LIST,
  registrations: REGISTRATIONS_LIST,
} as const;
export type RecordListName = keyof typeof RECORD_LISTS;
export type RecordListOf<N extends RecordListName> = (typeof RECORD_LISTS)[N];
/** A row of the named list. */
export type RecordRowOf<N extends RecordListName> = {
  contributions: ContributionDetail;
  members: MemberDetail;
  registrations: RegistrationDetail;
}[N];
