import { zodResolver } from '@hookform/resolvers/zod';
import { CreateAdminRequest } from '@pillars/contracts';
import { UserPlus } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { buttonClasses } from '@/components/ui/button-styles';
import { TextField } from '@/components/ui/text-field';
import { useToast } from '@/components/ui/use-toast';
import { adminTexts } from '../admin-texts';
import { useCreateAdminUser } from '../api/create-admin-user';
import { useReportActionError } from '../hooks/use-report-action-error';
import { FormError } from './form-error';

type CreateAdminValues = z.input<typeof CreateAdminRequest>;

const blank = { email: '', password: '', firstName: '', lastName: '', phone: '' } satisfies CreateAdminValues;

/** Optional fields left blank are not sent. */
export function createAdminBody(request: CreateAdminRequest): CreateAdminRequest {
  const { email, password, firstName, lastName, phone } = request;
  return {
    email,
    password,
    ...(firstName ? { firstName } : {}),
    ...(lastName ? { lastName } : {}),
    ...(phone ? { phone } : {}),
  };
}

/** A new admin; email and password are marked required (product rule). */
export function CreateAdminForm() {
  const { toast } = useToast();
  const reportError = useReportActionError();
  const mutation = useCreateAdminUser();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<CreateAdminValues, unknown, CreateAdminRequest>({
    resolver: zodResolver(CreateAdminRequest),
    defaultValues: blank,
  });

  const submit = (request: CreateAdminRequest) => {
    setFailure(null);
    mutation.mutate(createAdminBody(request), {
      onSuccess: (result) => {
        reset(blank);
        toast({ title: adminTexts.adminCreatedTitle, description: adminTexts.adminCreatedBody(result.user.username) });
      },
      onError: (error) => setFailure(reportError(adminTexts.createAdminFailedTitle, error)),
    });
  };

  return (
    <section aria-labelledby="add-admin-heading" className="rounded-lg border border-slate-200 bg-cream-50 p-4">
      <h3 id="add-admin-heading" className="font-display text-lg font-bold text-navy-900">
        {adminTexts.addAdminHeading}
      </h3>
      <p className="mt-1 text-sm text-slate-700">{adminTexts.requiredNote}</p>
      <form
        noValidate
        aria-labelledby="add-admin-heading"
        className="mt-4 space-y-4"
        onSubmit={(event) => void handleSubmit(submit)(event)}
      >
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            id="new-admin-email"
            type="email"
            label={adminTexts.email}
            autoComplete="off"
            required
            error={errors.email?.message}
            {...register('email')}
          />
          <TextField
            id="new-admin-password"
            type="password"
            label={adminTexts.password}
            autoComplete="new-password"
            required
            error={errors.password?.message}
            {...register('password')}
          />
          <TextField
            id="new-admin-first-name"
            label={adminTexts.firstName}
            autoComplete="off"
            error={errors.firstName?.message}
            {...register('firstName')}
          />
          <TextField
            id="new-admin-last-name"
            label={adminTexts.lastName}
            autoComplete="off"
            error={errors.lastName?.message}
            {...register('lastName')}
          />
          <TextField
            id="new-admin-phone"
            type="tel"
            label={adminTexts.phone}
            autoComplete="off"
            error={errors.phone?.message}
            {...register('phone')}
          />
        </div>
        <FormError message={failure} />
        <div className="flex justify-end">
          <button type="submit" disabled={mutation.isPending} className={buttonClasses('primary')}>
            <UserPlus aria-hidden="true" className="size-5" />
            {mutation.isPending ? adminTexts.creatingAdmin : adminTexts.createAdmin}
          </button>
        </div>
      </form>
    </section>
  );
}
