import { RegistrationStatusChange, StatusChange, StatusChanged } from '@pillars/contracts/admin';
import type { z } from 'zod';
import type { AppDeps } from '../../lib/context';
import { featureRouter, json, openapiRoute } from '../../lib/openapi';
import { adminOperation, auditedWrite, idParams, unknown } from './admin-http';
import { checkInRegistration } from './money-ops.service';
import { confirmContribution, confirmRegistration } from './status.service';

const confirmStatus = <C extends z.ZodType>(path: string, what: string, change: C) =>
  adminOperation('put', path, {
    summary: `Confirm a pending ${what}`,
    params: idParams,
    body: change,
    ok: json(`The ${what} confirmed`, StatusChanged),
    invalid: 'Invalid body',
    missing: `No ${what} has this id`,
    conflict: `The ${what} is not pending, or its payment is under way`,
  });
const confirmContributionRoute = confirmStatus('/contributions/{id}/status', 'contribution', StatusChange);
const confirmRegistrationRoute = {
  ...confirmStatus('/registrations/{id}/status', 'registration', RegistrationStatusChange),
  summary: 'Confirm a pending registration, or check a paid or confirmed one in (attended)',
};

/** A record's status set by hand: a pending donation or registration confirmed, a registrant checked in. */
export function recordStatusRoutes(deps: AppDeps) {
  const { db } = deps;
  const app = featureRouter();
  openapiRoute(
    app,
    confirmContributionRoute,
    (c) =>
      auditedWrite(c, 200, async (actor) => {
        const { id } = c.req.valid('param');
        const { entityType } = await confirmContribution(db, actor, id);
        const answer = { success: true, data: { id, status: 'confirmed' } } satisfies z.infer<typeof StatusChanged>;
        return { answer, log: { event: 'admin.status.confirmed', entityType, id }, message: 'contribution confirmed' };
      }),
    unknown('Contribution'),
  );
  openapiRoute(
    app,
    confirmRegistrationRoute,
    (c) =>
      auditedWrite(c, 200, async (actor) => {
        const { id } = c.req.valid('param');
        const checkIn = c.req.valid('json').status === 'attended';
        if (checkIn) await checkInRegistration(deps, actor, id);
        else await confirmRegistration(db, actor, id);
        const status = checkIn ? 'attended' : 'confirmed';
        const answer = { success: true, data: { id, status } } satisfies z.infer<typeof StatusChanged>;
        const log = { event: `admin.status.${status}`, entityType: 'event_registration', id };
        return { answer, log, message: checkIn ? 'registration checked in' : 'registration confirmed' };
      }),
    unknown('Registration'),
  );
  return app;
}
