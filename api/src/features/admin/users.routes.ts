import { CreateAdminRequest, MessageResponse, ProfileUpdate } from '@pillars/contracts';
import { AdminUserCreated, AdminUserList, ProfileUpdated } from '@pillars/contracts/admin';
import type { z } from 'zod';
import type { AppDeps } from '../../lib/context';
import { apiError, featureRouter, json, openapiRoute } from '../../lib/openapi';
import { actorIn, adminRoute, idParams, jsonBody, unknown } from './admin-http';
import { createAdmin, deleteAdmin, listAdmins, updateProfile, userMessages } from './users.service';

const listUsers = adminRoute({
  method: 'get',
  path: '/users',
  summary: 'The admin accounts, oldest first',
  responses: { 200: json('The admins', AdminUserList) },
});
const createUser = adminRoute({
  method: 'post',
  path: '/users',
  summary: 'Create an admin account',
  request: { body: jsonBody(CreateAdminRequest) },
  responses: {
    201: json('The admin created', AdminUserCreated),
    400: apiError('Invalid body or weak password'),
    403: apiError('A cross-site request'),
    409: apiError('The e-mail address is taken'),
  },
});
const deleteUser = adminRoute({
  method: 'delete',
  path: '/users/{id}',
  summary: 'Delete an admin account (never your own)',
  request: { params: idParams },
  responses: {
    200: json('Deleted', MessageResponse),
    403: apiError('A cross-site request'),
    404: apiError('No admin has this id'),
    409: apiError('Your own account, or the last admin'),
  },
});
const updateProfileRoute = adminRoute({
  method: 'put',
  path: '/profile',
  summary: "Update the signed-in admin's profile",
  request: { body: jsonBody(ProfileUpdate) },
  responses: {
    200: json('The profile updated', ProfileUpdated),
    400: apiError('Invalid body'),
    403: apiError('A cross-site request'),
    409: apiError('The e-mail address is taken'),
  },
});

/** The admin accounts, and the signed-in admin's own profile. */
export function usersRoutes({ db }: Pick<AppDeps, 'db'>) {
  const app = featureRouter();
  openapiRoute(app, listUsers, async (c) => c.json(await listAdmins(db), 200));
  openapiRoute(app, createUser, async (c) => {
    const actor = actorIn(c);
    const user = await createAdmin(db, actor, c.req.valid('json'));
    c.get('logger').info({ event: 'admin.user.created', actorId: actor.userId, userId: user.id }, 'admin created');
    return c.json({ success: true, user } satisfies z.infer<typeof AdminUserCreated>, 201);
  });
  openapiRoute(
    app,
    deleteUser,
    async (c) => {
      const actor = actorIn(c);
      const { id } = c.req.valid('param');
      await deleteAdmin(db, actor, id);
      c.get('logger').info({ event: 'admin.user.deleted', actorId: actor.userId, userId: id }, 'admin deleted');
      return c.json({ success: true } satisfies MessageResponse, 200);
    },
    unknown('Admin user'),
  );
  openapiRoute(app, updateProfileRoute, async (c) => {
    const actor = actorIn(c);
    const user = await updateProfile(db, actor, c.req.valid('json'));
    c.get('logger').info({ event: 'admin.profile.updated', actorId: actor.userId }, 'profile updated');
    return c.json(
      { success: true, message: userMessages.profileUpdated, user } satisfies z.infer<typeof ProfileUpdated>,
      200,
    );
  });
  return app;
}
