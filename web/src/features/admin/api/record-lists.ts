import type {
  ContributionDetail,
  MemberDetail,
  RECORD_LISTS,
  RecordListName,
  RegistrationDetail,
} from '@pillars/contracts/admin';
import type { z } from 'zod';
import { useDetailPages } from './detail-pages';

/** A row of any record list. */
export type RecordRow = ContributionDetail | MemberDetail | RegistrationDetail;
/** Any record list's description. */
export type AnyRecordList = (typeof RECORD_LISTS)[RecordListName];

type RecordPage = { success: true; data: RecordRow[]; nextCursor: string | null; total: number };

/** The list's own parameters: its scope's value (one event's registrations), when it has a scope. */
function scopeParams(list: AnyRecordList, scope: string | undefined): Record<string, string> {
  return list.scope && scope !== undefined ? { [list.scope.param]: scope } : {};
}

/** The list's rows (of one group, for a scoped list), a page at a time, newest first. */
export function useRecordPages(list: AnyRecordList, scope?: string) {
  return useDetailPages(list.page.path, list.page.answer as z.ZodType<RecordPage>, scopeParams(list, scope));
}

/** Every address of the list (of one group, for a scoped list), for a message to all of it. */
export function recipientsPathOf(list: AnyRecordList, scope?: string): string {
  const search = new URLSearchParams(scopeParams(list, scope)).toString();
  return search ? `${list.recipients.path}?${search}` : list.recipients.path;
}
