import { type RegistrationSummary, RegistrationSummaryResponse } from '@pillars/contracts';
import { type QueryFunctionContext, useQuery } from '@tanstack/react-query';
import { defaultQueryFn } from '@/lib/query-client';

/** GET /api/event-registrations/{registrationId}: what the payment page shows. */
export function eventRegistrationQueryKey(registrationId: string) {
  return ['/api/event-registrations', registrationId] as const;
}

export async function getEventRegistration(context: QueryFunctionContext): Promise<RegistrationSummary> {
  return RegistrationSummaryResponse.parse(await defaultQueryFn(context)).data;
}

export function useEventRegistration(registrationId: string) {
  return useQuery({ queryKey: eventRegistrationQueryKey(registrationId), queryFn: getEventRegistration });
}
