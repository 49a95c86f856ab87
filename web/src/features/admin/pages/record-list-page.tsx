import { RECORD_LISTS, type RecordListName, type RecordListScope } from '@pillars/contracts/admin';
import { useState } from 'react';
import { usePublicConfig } from '@/lib/use-public-config';
import { adminTexts } from '../admin-texts';
import { useRecipientCount } from '../api/detail-pages';
import { useRegisteredEvents } from '../api/get-event-registrations';
import { type AnyRecordList, useRecordPages } from '../api/record-lists';
import { AdminEmpty, AdminLoading, AdminPage } from '../components/admin-page';
import { outlineButton } from '../components/admin-styles';
import { DoorCheckIn } from '../components/door-check-in';
import { BroadcastActions } from '../components/email-dialog';
import { RecordGroup } from '../components/record-group';
import { RecordListLoadError, RecordPages } from '../components/record-pages';
import { useRedirectOnUnauthorized } from '../hooks/use-unauthorized-redirect';
import { RECORD_LIST_VIEWS, type RecordListView } from '../lib/record-list-views';

type ListProps = { list: AnyRecordList; view: RecordListView };

/**
 * A list of every record newest first, a page at a time ("Show more"), with a message to all of it
 * (Email All, Broadcast Message).
 */
function WholeList({ list, view }: ListProps) {
  const { orgName } = usePublicConfig();
  const query = useRecordPages(list);
  useRedirectOnUnauthorized(query.error);
  const first = query.data?.pages[0];
  // 'Email All (count)' needs the count: asked beside the first page, as it reads every address.
  const recipientCount = useRecipientCount(list.recipients.countPath);
  const recipients = { path: list.recipients.path, count: recipientCount.data?.count ?? 0 };
  return (
    <AdminPage
      title={view.title}
      backLink
      intro={first ? <p>{view.total(first.total)}</p> : null}
      actions={
        first && recipientCount.data ? (
          <BroadcastActions
            recipients={recipients}
            subject={view.subject(orgName, '')}
            description={view.broadcastDescription(recipients.count, '')}
          />
        ) : null
      }
    >
      <RecordPages list={list} view={view} query={query} label={view.listLabel('')} grouped={false} />
    </AdminPage>
  );
}

/**
 * A list in groups (registrations by event): the search at the door first, then the groups and
 * their counts from one aggregate, each group's records paged, with a message to each group.
 */
function GroupedList({ list, view, scope }: ListProps & { scope: RecordListScope }) {
  const query = useRegisteredEvents();
  useRedirectOnUnauthorized(query.error);
  const [groupsShown, setGroupsShown] = useState(scope.groupsShown);
  const groups = query.data?.data ?? [];
  return (
    <AdminPage title={view.title} backLink intro={query.data ? <p>{view.total(query.data.total)}</p> : null}>
      {query.isPending ? (
        <AdminLoading text={view.loading} />
      ) : query.isError ? (
        <RecordListLoadError view={view} query={query} />
      ) : groups.length === 0 ? (
        <AdminEmpty text={view.empty} />
      ) : (
        <>
          {list.search ? <DoorCheckIn /> : null}
          {groups.slice(0, groupsShown).map((group) => (
            <RecordGroup key={group.id} list={list} view={view} event={group} />
          ))}
          {groups.length > groupsShown ? (
            <div className="flex justify-center">
              <button
                type="button"
                onClick={() => setGroupsShown((shown) => shown + scope.groupsShown)}
                className={outlineButton()}
              >
                {adminTexts.showMore(Math.min(scope.groupsShown, groups.length - groupsShown))}
              </button>
            </div>
          ) : null}
        </>
      )}
    </AdminPage>
  );
}

/**
 * /admin/contributors, /admin/members and /admin/events: one page for every record list, drawn from
 * its description (record-lists.ts) and its texts (docs/decisions/034).
 */
export function RecordListPage({ name }: { name: RecordListName }) {
  const list: AnyRecordList = RECORD_LISTS[name];
  const view = RECORD_LIST_VIEWS[name];
  return list.scope ? (
    <GroupedList list={list} view={view} scope={list.scope} />
  ) : (
    <WholeList list={list} view={view} />
  );
}
