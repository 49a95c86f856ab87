import type { RecordListName } from '@pillars/contracts/admin';
import { adminTexts } from '../admin-texts';

/**
 * What the list page says of each record list: its heading, its states' sentences and its
 * messages' defaults. A grouped list (registrations by event) names the group in its list's label,
 * subject and description; the others leave the group out.
 */
export type RecordListView = {
  title: string;
  loading: string;
  errorLoading: (message: string) => string;
  /** For the load failure's hint, e.g. 'the contributors'. */
  what: string;
  total: (count: number) => string;
  empty: string;
  listLabel: (group: string) => string;
  subject: (orgName: string, group: string) => string;
  broadcastDescription: (count: number, group: string) => string;
};

export const RECORD_LIST_VIEWS: Record<RecordListName, RecordListView> = {
  contributions: {
    title: adminTexts.contributorsTitle,
    loading: adminTexts.loadingContributions,
    errorLoading: adminTexts.errorLoadingContributions,
    what: 'the contributors',
    total: adminTexts.totalContributions,
    empty: adminTexts.noContributions,
    listLabel: () => adminTexts.contributionsLabel,
    subject: () => adminTexts.contributorsSubject,
    broadcastDescription: adminTexts.contributorsBroadcastDescription,
  },
  members: {
    title: adminTexts.membersTitle,
    loading: adminTexts.loadingMembers,
    errorLoading: adminTexts.errorLoadingMembers,
    what: 'the members',
    total: adminTexts.totalMembers,
    empty: adminTexts.noMembers,
    listLabel: () => adminTexts.membersLabel,
    subject: adminTexts.membersSubject,
    broadcastDescription: adminTexts.membersBroadcastDescription,
  },
  registrations: {
    title: adminTexts.eventsTitle,
    loading: adminTexts.loadingRegistrations,
    errorLoading: adminTexts.errorLoadingRegistrations,
    what: 'the event registrations',
    total: adminTexts.totalRegistrations,
    empty: adminTexts.noRegistrations,
    listLabel: adminTexts.registrationsOf,
    subject: (_orgName, event) => adminTexts.eventSubject(event),
    broadcastDescription: (count, event) => adminTexts.eventBroadcastDescription(event, count),
  },
};
