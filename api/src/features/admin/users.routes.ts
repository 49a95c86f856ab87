import { CreateAdminRequest, MessageResponse, ProfileUpdate } from '@pillars/contracts';
import { AdminUserCreated, AdminUserList, ProfileUpdated } from '@pillars/contracts/admin';
import type { z } from 'zod';
import type { AppDeps } from '../../lib/context';
import { featureRouter, json, openapiRoute } from '../../lib/openapi';
import { adminOperation, auditedDelete, auditedWrite, idParams, unknown } from './admin-http';
import { createAdmin, deleteAdmin, listAdmins, updateProfile, userMessages } from './users.service';

const conflict = 'The e-mail address is taken';

const listUsers = adminOperation('get', '/users', {
  summary: 'The admin accounts, oldest first',
  ok: json('The admins', AdminUserList),
});
const createUser = adminOperation('post', '/users', {
  summary: 'Create an admin account',
  body: CreateAdminRequest,
  ok: json('The admin created', AdminUserCreated),
  status: 201,
  invalid: 'Invalid body or weak password',
  conflict,
});
const deleteUser = adminOperation('delete', '/users/{id}', {
  summary: 'Delete an admin account (never your own)',
  params: idParams,
  ok: json('Deleted', MessageResponse),
  missing: 'No admin has this id',
  conflict: 'Your own account, or the last admin',
});
const updateProfileRoute = adminOperation('put', '/profile', {
  summary: "Update the signed-in admin's profile",
  body: ProfileUpdate,
  ok: json('The profile updated', ProfileUpdated),
  invalid: 'Invalid body',
  conflict,
});

/** The admin accounts, and the signed-in admin's own profile. */
export function usersRoutes({ db }: Pick<AppDeps, 'db'>) {
  const app = featureRouter();
  openapiRoute(app, listUsers, async (c) => c.json(await listAdmins(db), 200));
  openapiRoute(app, createUser, (c) =>
    auditedWrite(c, 201, async (actor) => {
      const user = await createAdmin(db, actor, c.req.valid('json'));
      const answer = { success: true, user } satisfies z.infer<typeof AdminUserCreated>;
      return { answer, log: { event: 'admin.user.created', userId: user.id }, message: 'admin created' };
    }),
  );
  const removeAdmin = auditedDelete((actor, id) => deleteAdmin(db, actor, id), {
    event: 'admin.user.deleted',
    idKey: 'userId',
    message: 'admin deleted',
  });
  openapiRoute(app, deleteUser, removeAdmin, unknown('Admin user'));
  openapiRoute(app, updateProfileRoute, (c) =>
    auditedWrite(c, 200, async (actor) => {
      const user = await updateProfile(db, actor, c.req.valid('json'));
      const answer = { success: true, message: userMessages.profileUpdated, user } satisfies z.infer<
        typeof ProfileUpdated
      >;
      return { answer, log: { event: 'admin.profile.updated' }, message: 'profile updated' };
    }),
  );
  return app;
}
