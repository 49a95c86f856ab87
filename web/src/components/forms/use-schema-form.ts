import { zodResolver } from '@hookform/resolvers/zod';
import { type DefaultValues, type FieldValues, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { useSingleSubmission } from '@/lib/use-single-submission';

/**
 * A react-hook-form form validated by its contract's zod schema, with its one-at-a-time
 * submission: what every small sign-in or request form starts from.
 */
export function useSchemaForm<Input extends FieldValues, Output extends FieldValues>(
  schema: z.ZodType<Output, Input>,
  defaultValues: DefaultValues<Input>,
) {
  const form = useForm<Input, unknown, Output>({ resolver: zodResolver(schema), defaultValues });
  const submission = useSingleSubmission();
  return { register: form.register, handleSubmit: form.handleSubmit, errors: form.formState.errors, submission };
}
