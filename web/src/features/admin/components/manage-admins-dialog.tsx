import type { AdminUser } from '@pillars/contracts';
import { Trash2, Users } from 'lucide-react';
import { useRef, useState } from 'react';
import { useToast } from '@/components/ui/use-toast';
import { useCurrentUser } from '@/lib/auth';
import { adminTexts } from '../admin-texts';
import { QueryLoadError } from './admin-load-error';
import { useDeleteAdminUser } from '../api/delete-admin-user';
import { useAdminUsers } from '../api/get-admin-users';
import { useReportActionError } from '../hooks/use-report-action-error';
import { useRedirectOnUnauthorized } from '../hooks/use-unauthorized-redirect';
import { contributorName } from '../lib/contributors-table';
import { formatShortDate } from '../lib/format';
import { AdminDialog } from './admin-dialog';
import { outlineButton, smallButton } from './admin-styles';
import { CreateAdminForm } from './create-admin-form';
import { ConfirmDialog, IconButton } from './confirm-dialog';
import { FormError } from './form-error';

/** Manage Admins: list, add, and delete with confirmation. */
export function ManageAdminsDialog() {
  return (
    <AdminDialog
      size="lg"
      title={adminTexts.manageAdmins}
      description={adminTexts.manageAdminsDescription}
      trigger={<IconButton icon={Users} label={adminTexts.manageAdmins} className={outlineButton()} />}
    >
      <ManageAdmins />
    </AdminDialog>
  );
}

function ManageAdmins() {
  const users = useAdminUsers();
  const { data: currentUser } = useCurrentUser();
  useRedirectOnUnauthorized(users.error);
  const headingRef = useRef<HTMLHeadingElement>(null);

  return (
    <div className="mt-5 space-y-6">
      <section aria-labelledby="admin-users-heading">
        <h3
          id="admin-users-heading"
          ref={headingRef}
          tabIndex={-1}
          className="font-display text-lg font-bold text-navy-900"
        >
          {adminTexts.adminUsersHeading}
        </h3>
        {users.isPending ? (
          <p role="status" className="mt-2 text-sm text-slate-700">
            {adminTexts.loadingAdmins}
          </p>
        ) : users.isError ? (
          <div className="mt-2">
            <QueryLoadError
              text={adminTexts.adminsLoadError}
              hint={adminTexts.loadFailedHint('the admin users')}
              query={users}
            />
          </div>
        ) : users.data.length === 0 ? (
          <p className="mt-2 text-sm text-slate-700">{adminTexts.noAdmins}</p>
        ) : (
          <ul className="mt-3 divide-y divide-slate-200 rounded-lg border border-slate-200">
            {users.data.map((user) => (
              <AdminUserItem
                key={user.id}
                user={user}
                isCurrentUser={user.username === currentUser?.username}
                onDeleted={() => headingRef.current?.focus()}
              />
            ))}
          </ul>
        )}
      </section>

      <CreateAdminForm />
    </div>
  );
}

function AdminUserItem({
  user,
  isCurrentUser,
  onDeleted,
}: {
  user: AdminUser;
  isCurrentUser: boolean;
  onDeleted: () => void;
}) {
  const name = contributorName({ firstName: user.firstName, lastName: user.lastName, email: '' });
  const email = user.email === user.username ? null : user.email;
  const details = [name, email, user.phone].filter(Boolean).join(' · ');
  return (
    <li className="flex flex-col gap-2 p-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <p className="font-semibold [overflow-wrap:anywhere] text-navy-900">
          {user.username}
          {isCurrentUser ? (
            <span className="ml-2 rounded-full bg-navy-100 px-2 py-0.5 text-xs font-semibold text-navy-800">
              {adminTexts.you}
            </span>
          ) : null}
        </p>
        {details ? <p className="text-sm break-words text-slate-700">{details}</p> : null}
        <p className="text-xs text-slate-600">{adminTexts.adminSince(formatShortDate(user.createdAt))}</p>
      </div>
      <DeleteAdminDialog user={user} onDeleted={onDeleted} />
    </li>
  );
}

/**
 * The delete confirmation with the spec's text. It stays open while the request runs; after a
 * deletion the row (and so the button that opened it) is gone, so focus moves to the list heading.
 */
function DeleteAdminDialog({ user, onDeleted }: { user: AdminUser; onDeleted: () => void }) {
  const [open, setOpen] = useState(false);
  const deleted = useRef(false);
  const { toast } = useToast();
  const reportError = useReportActionError();
  const mutation = useDeleteAdminUser();
  const [failure, setFailure] = useState<string | null>(null);

  const remove = () => {
    setFailure(null);
    mutation.mutate(user.id, {
      onSuccess: () => {
        deleted.current = true;
        setOpen(false);
        toast({ title: adminTexts.adminDeletedTitle, description: adminTexts.adminDeletedBody(user.username) });
      },
      // The dialog stays open with the reason (e.g. the last admin); Cancel closes it.
      onError: (error) => setFailure(reportError(adminTexts.deleteAdminFailedTitle, error)),
    });
  };

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={(next) => {
        if (mutation.isPending) return;
        setFailure(null);
        setOpen(next);
      }}
      title={adminTexts.deleteAdminTitle}
      description={adminTexts.deleteAdminConfirm}
      onCloseAutoFocus={(event) => {
        if (!deleted.current) return;
        event.preventDefault();
        onDeleted();
      }}
      trigger={
        <IconButton
          aria-label={adminTexts.deleteAdminLabel(user.username)}
          icon={Trash2}
          iconClassName="size-4 text-crimson-700"
          label={adminTexts.deleteAdmin}
          className={smallButton('outline')}
        />
      }
      variant="roomy"
      cancelLabel={adminTexts.cancel}
      confirm={{
        label: adminTexts.deleteAdmin,
        busyLabel: adminTexts.deleting,
        pending: mutation.isPending,
        onClick: remove,
      }}
    >
      <p className="mt-3 font-semibold [overflow-wrap:anywhere] text-navy-900">{user.username}</p>
      <div className="mt-3">
        <FormError message={failure} />
      </div>
    </ConfirmDialog>
  );
}
