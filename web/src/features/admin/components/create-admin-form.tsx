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

/** Email and password are marked required (product rule); the others may be left blank. */
const fields = [
  { name: 'email', suffix: 'email', type: 'email', required: true },
  { name: 'password', suffix: 'password', type: 'password', required: true },
  { name: 'firstName', suffix: 'first-name', type: 'text', required: false },
  { name: 'lastName', suffix: 'last-name', type: 'text', required: false },
  { name: 'phone', suffix: 'phone', type: 'tel', required: false },
] as const satisfies ReadonlyArray<{ name: keyof CreateAdminValues; suffix: string; type: string; required: boolean }>;

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
          {fields.map(({ name, suffix, type, required }) => (
            <TextField
              key={name}
              id={`new-admin-${suffix}`}
              type={type}
              label={adminTexts[name]}
              autoComplete={name === 'password' ? 'new-password' : 'off'}
              required={required}
              error={errors[name]?.message}
              {...register(name)}
            />
          ))}
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
