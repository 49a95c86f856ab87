import { RegistrationStatusChange, StatusChange, StatusChanged } from '@pillars/contracts/admin';
import type { z } from 'zod';
import type { AppDeps } from '../../lib/context';
import { featureRouter, json, openapiRoute } from '../../lib/openapi';
import { actorIn, adminOperation, idParams, unknown } from './admin-http';
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
    async (c) => {
      const actor = actorIn(c);
      const { id } = c.req.valid('param');
      const confirmed = await confirmContribution(db, actor, id);
      c.get('logger').info(
        { event: 'admin.status.confirmed', actorId: actor.userId, entityType: confirmed.entityType, id },
        'contribution confirmed',
      );
      return c.json({ success: true, data: { id, status: 'confirmed' } } satisfies z.infer<typeof StatusChanged>, 200);
    },
    unknown('Contribution'),
  );
  openapiRoute(
    app,
    confirmRegistrationRoute,
    async (c) => {
      const actor = actorIn(c);
      const { id } = c.req.valid('param');
      const { status } = c.req.valid('json');
      if (status === 'attended') {
        await checkInRegistration(deps, actor, id);
        c.get('logger').info(
          { event: 'admin.status.attended', actorId: actor.userId, entityType: 'event_registration', id },
          'registration checked in',
        );
        return c.json({ success: true, data: { id, status } } satisfies z.infer<typeof StatusChanged>, 200);
      }
      await confirmRegistration(db, actor, id);
      c.get('logger').info(
        { event: 'admin.status.confirmed', actorId: actor.userId, entityType: 'event_registration', id },
        'registration confirmed',
      );
      return c.json({ success: true, data: { id, status: 'confirmed' } } satisfies z.infer<typeof StatusChanged>, 200);
    },
    unknown('Registration'),
  );
  return app;
}
