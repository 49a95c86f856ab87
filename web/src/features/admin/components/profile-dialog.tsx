import { type AdminUser, ProfileUpdate } from '@pillars/contracts';
import { UserCog } from 'lucide-react';
import { useState } from 'react';
import { type FieldErrors, type Resolver, useForm } from 'react-hook-form';
import { ContactFields } from '@/components/forms/contact-fields';
import { buttonClasses } from '@/components/ui/button-styles';
import { useToast } from '@/components/ui/use-toast';
import { useCurrentUser } from '@/lib/auth';
import { adminTexts } from '../admin-texts';
import { useAdminUsers } from '../api/get-admin-users';
import { useUpdateProfile } from '../api/update-profile';
import { useReportActionError } from '../hooks/use-report-action-error';
import { useRedirectOnUnauthorized } from '../hooks/use-unauthorized-redirect';
import { AdminDialog } from './admin-dialog';
import { IconButton } from './confirm-dialog';
import { outlineButton } from './admin-styles';
import { DialogActions } from './dialog-actions';
import { FormError } from './form-error';

type ProfileValues = { firstName: string; lastName: string; email: string; phone: string };

const blank: ProfileValues = { firstName: '', lastName: '', email: '', phone: '' };

/**
 * The PUT body: an emptied name or phone is sent as '' and cleared; a blank e-mail is left out
 * (an account keeps its address for password resets, and '' is not a valid one).
 */
export function profileUpdateOf(values: ProfileValues): ProfileUpdate {
  const entries = Object.entries(values).filter(([key, value]) => key !== 'email' || value.trim() !== '');
  return Object.fromEntries(entries);
}

const profileFields = Object.keys(blank) as Array<keyof ProfileValues>;

function isProfileField(key: PropertyKey | undefined): key is keyof ProfileValues {
  return profileFields.some((field) => field === key);
}

/** The PUT body's schema on the form's values; an error per field. */
const profileResolver: Resolver<ProfileValues, unknown, ProfileUpdate> = (values) => {
  const parsed = ProfileUpdate.safeParse(profileUpdateOf(values));
  if (parsed.success) return { values: parsed.data, errors: {} };
  const errors: FieldErrors<ProfileValues> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if (isProfileField(field) && !errors[field]) errors[field] = { type: issue.code, message: issue.message };
  }
  return { values: {}, errors };
};

function valuesOf(user: AdminUser | undefined): ProfileValues {
  return {
    firstName: user?.firstName ?? '',
    lastName: user?.lastName ?? '',
    email: user?.email ?? '',
    phone: user?.phone ?? '',
  };
}

/** Profile Settings (firstName, lastName, email, phone) → PUT /api/admin/profile. */
export function ProfileDialog() {
  const [open, setOpen] = useState(false);
  return (
    <AdminDialog
      open={open}
      onOpenChange={setOpen}
      title={adminTexts.profileSettings}
      description={adminTexts.profileDescription}
      trigger={<IconButton icon={UserCog} label={adminTexts.profileSettings} className={outlineButton()} />}
    >
      <ProfileForm onDone={() => setOpen(false)} />
    </AdminDialog>
  );
}

function ProfileForm({ onDone }: { onDone: () => void }) {
  const { toast } = useToast();
  const reportError = useReportActionError();
  const mutation = useUpdateProfile();
  const [failure, setFailure] = useState<string | null>(null);
  const { data: currentUser } = useCurrentUser();
  // The profile has no GET of its own: the current values come from the admin list.
  const { data: users, error: usersError } = useAdminUsers();
  useRedirectOnUnauthorized(usersError);
  const me = users?.find((user) => user.username === currentUser?.username);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ProfileValues, unknown, ProfileUpdate>({
    resolver: profileResolver,
    defaultValues: blank,
    values: me ? valuesOf(me) : undefined,
    resetOptions: { keepDirtyValues: true },
  });

  const submit = (profile: ProfileUpdate) => {
    setFailure(null);
    mutation.mutate(profile, {
      onSuccess: (result) => {
        toast({ title: adminTexts.profileUpdatedTitle, description: result.message || adminTexts.profileUpdatedBody });
        onDone();
      },
      onError: (error) => setFailure(reportError(adminTexts.profileFailedTitle, error)),
    });
  };

  return (
    <form noValidate className="mt-5 space-y-4" onSubmit={(event) => void handleSubmit(submit)(event)}>
      <ContactFields idPrefix="profile" labels={adminTexts} register={register} errors={errors} markRequired={false} />
      <FormError message={failure} />
      <DialogActions cancelLabel={adminTexts.cancel} onCancel={onDone}>
        <button type="submit" disabled={mutation.isPending} className={buttonClasses('primary')}>
          {mutation.isPending ? adminTexts.savingProfile : adminTexts.saveProfile}
        </button>
      </DialogActions>
    </form>
  );
}
