import { createRoute } from '@hono/zod-openapi';
import { CreateAdminRequest, MessageResponse, ProfileUpdate, authResponseMessages } from '@pillars/contracts';
import {
  AdminPaymentDetail,
  AdminUserCreated,
  AdminUserList,
  AuditLogPage,
  AuditLogQuery,
  CONTRIBUTOR_RECIPIENTS_MAX,
  ContributionDetailList,
  ContributorRecipients,
  ContributionDetailPage,
  ContributorsExportQuery,
  ContributorsFilter,
  ContributorsPage,
  ContributorsPageQuery,
  ContributorsResponse,
  ContributorsSummaryResponse,
  DetailPageQuery,
  DoorSearchQuery,
  MemberDetailList,
  MemberDetailPage,
  PaymentsOfRecord,
  PaymentsOfRecordQuery,
  PlanCancelAccepted,
  PlanCancelCreate,
  ProfileUpdated,
  RefundAccepted,
  RefundCreate,
  RecipientCount,
  RecipientList,
  RegisteredEventList,
  RegistrationDetailList,
  RegistrationDetailPage,
  RegistrationRecipientsQuery,
  RegistrationsPageQuery,
  RegistrationStatusChange,
  StatusChange,
  StatusChanged,
  CSV_BYTE_ORDER_MARK,
  CSV_HEADER_LINE,
  contributorCells,
  contributorsCsvFileName,
  csvLine,
} from '@pillars/contracts/admin';
import type { Context } from 'hono';
import { z } from 'zod';
import { chargeStatesByProviderId } from '@pillars/money';
import type { AppDeps, AppEnv } from '../../lib/context';
import { AppError, notFound } from '../../lib/errors';
import { apiError, featureRouter, json, openapiRoute } from '../../lib/openapi';
import { parseJson, parseQuery } from '../../lib/validate';
import { type Actor, actorOf } from './audit';
import { listAuditLog, paymentsOfRecord } from './audit-log.service';
import { cancelPlan, checkInRegistration, createRefund } from './money-ops.service';
import { paymentDetail } from './payment-detail.service';
import { contributorBatches, contributorsSummary, listContributorsPage } from './contributor-list.service';
import { contributorRecipients } from './contributor-recipients.service';
import { listContributors } from './contributors.service';
import {
  contributionRecipientCount,
  contributionRecipients,
  listContributionDetails,
  listContributionDetailsPage,
  listMemberDetails,
  listMemberDetailsPage,
  listRegisteredEvents,
  listRegistrationDetails,
  listRegistrationDetailsPage,
  memberRecipientCount,
  memberRecipients,
  registrationRecipientCount,
  registrationRecipients,
  searchRegistrationsAtDoor,
} from './detail-lists.service';
import { confirmContribution, confirmRegistration } from './status.service';
import { createAdmin, deleteAdmin, listAdmins, updateProfile, userMessages } from './users.service';

const RecordId = z.uuid();

/** The signed-in admin; requireSession (app.ts) has already answered 401 without one. */
export function actorIn(c: Context<AppEnv>): Actor {
  const session = c.get('session');
  if (!session) throw new AppError('UNAUTHORIZED', authResponseMessages.authenticationRequired);
  return actorOf(session);
}

/** A path id that is not a UUID cannot name a record: 404, as for an unknown one. */
export function idParam(c: Context<AppEnv>, what: string, name = 'id'): string {
  const id = RecordId.safeParse(c.req.param(name));
  if (!id.success) throw notFound(what);
  return id.data;
}

export const signedOut = apiError('No valid session');
const idParams = z.object({ id: z.uuid() });
const body = <S extends z.ZodType>(schema: S) => ({
  required: true,
  content: { 'application/json': { schema } },
});
/** Admin routes: tagged together, and every one answers 401 without a session. */
const adminRoute = <R extends Parameters<typeof createRoute>[0]>(route: R) =>
  createRoute({ ...route, tags: ['admin'], responses: { ...route.responses, 401: signedOut } });

const contributors = adminRoute({
  method: 'get',
  path: '/contributors',
  summary: 'The newest 10,000 donations, memberships and registrations in one list, with totals of every record',
  responses: { 200: json('The dashboard rows and summary', ContributorsResponse) },
});
const contributorsPage = adminRoute({
  method: 'get',
  path: '/contributors/page',
  summary: 'One page of the dashboard list, searched, filtered and sorted by the server, paged by cursor',
  request: { query: ContributorsPageQuery },
  responses: {
    200: json('One page of rows, the cursor of the next (null on the last) and the matching total', ContributorsPage),
    400: apiError('A filter, the sort, the cursor or the limit is invalid'),
  },
});
const contributorsExport = adminRoute({
  method: 'get',
  path: '/contributors/export',
  summary: 'Every row the filters match as a CSV file, streamed in the asked order',
  request: { query: ContributorsExportQuery },
  responses: {
    200: { description: "The file 'contributors-yyyy-MM-dd.csv'", content: { 'text/csv': { schema: z.string() } } },
    400: apiError('A filter, the sort or the time zone is invalid'),
  },
});
const contributorsSummaryRoute = adminRoute({
  method: 'get',
  path: '/contributors/summary',
  summary: 'The summary cards over the rows the filters match',
  request: { query: ContributorsFilter },
  responses: {
    200: json('Counts per kind and the money received', ContributorsSummaryResponse),
    400: apiError('A filter is invalid'),
  },
});
const contributorsRecipientsRoute = adminRoute({
  method: 'get',
  path: '/contributors/recipients',
  summary: `The distinct e-mail addresses of the rows the filters match, most recent first, at most ${CONTRIBUTOR_RECIPIENTS_MAX.toLocaleString('en-US')}`,
  request: { query: ContributorsFilter },
  responses: {
    200: json('The addresses, and whether more match than were answered', ContributorRecipients),
    400: apiError('A filter is invalid'),
  },
});
const contributorsDetail = adminRoute({
  method: 'get',
  path: '/contributors-detail',
  summary: 'The newest 10,000 donations, newest first',
  responses: { 200: json('The donations', ContributionDetailList) },
});
const membersDetail = adminRoute({
  method: 'get',
  path: '/members-detail',
  summary: 'The newest 10,000 memberships, newest first',
  responses: { 200: json('The memberships', MemberDetailList) },
});
const eventRegistrations = adminRoute({
  method: 'get',
  path: '/event-registrations',
  summary: 'The newest 10,000 event registrations with their events, newest first',
  responses: { 200: json('The registrations', RegistrationDetailList) },
});
const detailPageResponses = {
  400: apiError('The cursor or the limit is invalid'),
};
const contributorsDetailPage = adminRoute({
  method: 'get',
  path: '/contributors-detail/page',
  summary: 'One page of the donations, newest first, paged by cursor',
  request: { query: DetailPageQuery },
  responses: {
    200: json(
      'One page, the cursor of the next (null on the last), the total and the distinct addresses',
      ContributionDetailPage,
    ),
    ...detailPageResponses,
  },
});
const membersDetailPage = adminRoute({
  method: 'get',
  path: '/members-detail/page',
  summary: 'One page of the memberships, newest first, paged by cursor',
  request: { query: DetailPageQuery },
  responses: {
    200: json(
      'One page, the cursor of the next (null on the last), the total and the distinct addresses',
      MemberDetailPage,
    ),
    ...detailPageResponses,
  },
});
const eventRegistrationsPage = adminRoute({
  method: 'get',
  path: '/event-registrations/page',
  summary: "One page of an event's registrations (or of all), newest first, paged by cursor",
  request: { query: RegistrationsPageQuery },
  responses: {
    200: json(
      'One page, the cursor of the next (null on the last), the total and the distinct addresses',
      RegistrationDetailPage,
    ),
    400: apiError('The event id, the cursor or the limit is invalid'),
  },
});
const registeredEvents = adminRoute({
  method: 'get',
  path: '/event-registrations/events',
  summary: 'The events that have registrations, latest first, with their number of registrations',
  responses: { 200: json('The events and the number of registrations in all', RegisteredEventList) },
});
const doorSearch = adminRoute({
  method: 'get',
  path: '/event-registrations/search',
  summary:
    'Check-in at the door: the newest 20 registrations (not cancelled) whose names, e-mail or phone hold every word',
  request: { query: DoorSearchQuery },
  responses: {
    200: json('The registrations found, maybe none', RegistrationDetailList),
    400: apiError('The search is invalid'),
  },
});
const recipientsRoute = (path: string, what: string) =>
  adminRoute({
    method: 'get',
    path,
    summary: `The distinct e-mail addresses of ${what}, for a message to all`,
    responses: { 200: json('The addresses, in address order', RecipientList) },
  });
const contributorsDetailRecipients = recipientsRoute('/contributors-detail/recipients', 'the donations');
const membersDetailRecipients = recipientsRoute('/members-detail/recipients', 'the memberships');
const eventRegistrationsRecipients = {
  ...recipientsRoute('/event-registrations/recipients', "an event's registrations (or of all)"),
  request: { query: RegistrationRecipientsQuery },
  responses: {
    200: json('The addresses, in address order', RecipientList),
    400: apiError('The event id is invalid'),
    401: signedOut,
  },
};
const recipientCountRoute = (path: string, what: string) =>
  adminRoute({
    method: 'get',
    path,
    summary: `How many distinct e-mail addresses ${what} hold`,
    responses: { 200: json('The number of addresses', RecipientCount) },
  });
const contributorsDetailRecipientCount = recipientCountRoute('/contributors-detail/recipients/count', 'the donations');
const membersDetailRecipientCount = recipientCountRoute('/members-detail/recipients/count', 'the memberships');
const eventRegistrationsRecipientCount = {
  ...recipientCountRoute('/event-registrations/recipients/count', "an event's registrations (or all)"),
  request: { query: RegistrationRecipientsQuery },
  responses: {
    200: json('The number of addresses', RecipientCount),
    400: apiError('The event id is invalid'),
    401: signedOut,
  },
};
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
  request: { body: body(CreateAdminRequest) },
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
  request: { body: body(ProfileUpdate) },
  responses: {
    200: json('The profile updated', ProfileUpdated),
    400: apiError('Invalid body'),
    403: apiError('A cross-site request'),
    409: apiError('The e-mail address is taken'),
  },
});
const confirmStatus = (path: string, what: string, change: z.ZodType = StatusChange) =>
  adminRoute({
    method: 'put',
    path,
    summary: `Confirm a pending ${what}`,
    request: { params: idParams, body: body(change) },
    responses: {
      200: json(`The ${what} confirmed`, StatusChanged),
      400: apiError('Invalid body'),
      403: apiError('A cross-site request'),
      404: apiError(`No ${what} has this id`),
      409: apiError(`The ${what} is not pending, or its payment is under way`),
    },
  });
const confirmContributionRoute = confirmStatus('/contributions/{id}/status', 'contribution');
const confirmRegistrationRoute = {
  ...confirmStatus('/registrations/{id}/status', 'registration', RegistrationStatusChange),
  summary: 'Confirm a pending registration, or check a paid or confirmed one in (attended)',
};
const createRefundRoute = adminRoute({
  method: 'post',
  path: '/refunds',
  summary: 'Give back all or part of one charge; a refund job does it (docs/decisions/019)',
  request: { body: body(RefundCreate) },
  responses: {
    202: json('The refund, queued', RefundAccepted),
    400: apiError('Invalid body, or an amount outside $0.01 and what is left of the charge'),
    403: apiError('A cross-site request'),
    404: apiError('No charge has this id'),
    409: apiError('A refund of the charge is in progress, it has nothing left, or it took no money'),
  },
});
const cancelPlanRoute = adminRoute({
  method: 'post',
  path: '/payments/{id}/cancel-plan',
  summary: 'End a monthly plan at the provider; a cancel-recurring job does it',
  request: { params: idParams, body: body(PlanCancelCreate) },
  responses: {
    202: json('The cancellation, queued', PlanCancelAccepted),
    400: apiError('Invalid body'),
    403: apiError('A cross-site request'),
    404: apiError('No monthly plan has this payment id'),
    409: apiError('Cancelling the plan was already requested'),
  },
});
const paymentDetailRoute = adminRoute({
  method: 'get',
  path: '/payments/{id}',
  summary: 'One payment from the ledger, with the state of the queue job that settles it',
  request: { params: idParams },
  responses: { 200: json('The payment', AdminPaymentDetail), 404: apiError('No payment has this id') },
});
const paymentsOfRecordRoute = adminRoute({
  method: 'get',
  path: '/payments',
  summary: "The payments of one donation, membership or registration (by the record's id), newest first",
  request: { query: PaymentsOfRecordQuery },
  responses: { 200: json('The payments, maybe none', PaymentsOfRecord), 400: apiError('recordId is not a UUID') },
});
const auditLogRoute = adminRoute({
  method: 'get',
  path: '/audit-log',
  summary: 'Who did what to which record, newest first; filtered by actor, action and dates, paged by cursor',
  request: { query: AuditLogQuery },
  responses: {
    200: json('One page of entries and the cursor of the next (null on the last)', AuditLogPage),
    400: apiError('A filter, the cursor or the limit is invalid'),
  },
});

/** The admin API; every route sits behind requireSession (app.ts). */
export function adminRoutes(deps: AppDeps) {
  const { db } = deps;
  const app = featureRouter();

  openapiRoute(app, contributors, async (c) => {
    const started = performance.now();
    const body = await listContributors(db);
    c.get('logger').info(
      { event: 'admin.contributors', rows: body.contributors.length, ms: Math.round(performance.now() - started) },
      'contributors listed',
    );
    return c.json(body, 200);
  });
  openapiRoute(app, contributorsPage, async (c) => {
    const started = performance.now();
    const page = await listContributorsPage(db, parseQuery(c, ContributorsPageQuery));
    c.get('logger').info(
      { event: 'admin.contributors-page', rows: page.contributors.length, ms: Math.round(performance.now() - started) },
      'contributors page listed',
    );
    return c.json(page, 200);
  });
  openapiRoute(app, contributorsExport, (c) => {
    const query = parseQuery(c, ContributorsExportQuery);
    const timeZone = query.timeZone ?? 'UTC';
    const logger = c.get('logger');
    const batches = contributorBatches(db, query);
    const encoder = new TextEncoder();
    const started = performance.now();
    let rows = -1;
    // Pull-based: the next batch is read only when the client has taken the previous one, so a
    // slow download holds one batch in memory, never the whole set (docs/decisions/031).
    const body = new ReadableStream<Uint8Array>(
      {
        async pull(controller) {
          if (rows < 0) {
            rows = 0;
            controller.enqueue(encoder.encode(CSV_BYTE_ORDER_MARK + CSV_HEADER_LINE));
            return;
          }
          try {
            const next = await batches.next();
            if (next.done) {
              logger.info(
                { event: 'admin.contributors-export', rows, ms: Math.round(performance.now() - started) },
                'contributors exported',
              );
              controller.close();
              return;
            }
            rows += next.value.length;
            const states = await chargeStatesByProviderId(
              db,
              next.value.flatMap((row) => (row.payTheoryPaymentId ? [row.payTheoryPaymentId] : [])),
            );
            const cellsOf = (row: (typeof next.value)[number]) =>
              contributorCells(row, timeZone, row.payTheoryPaymentId ? states.get(row.payTheoryPaymentId) : undefined);
            controller.enqueue(encoder.encode(next.value.map((row) => csvLine(cellsOf(row))).join('')));
          } catch (error) {
            logger.error({ event: 'admin.contributors-export', rows, err: error }, 'contributors export failed');
            controller.error(error);
          }
        },
        async cancel() {
          await batches.return(undefined);
        },
      },
      { highWaterMark: 0 },
    );
    return c.body(body, 200, {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${contributorsCsvFileName(new Date(), timeZone)}"`,
    });
  });
  openapiRoute(app, contributorsSummaryRoute, async (c) =>
    c.json(await contributorsSummary(db, parseQuery(c, ContributorsFilter)), 200),
  );
  openapiRoute(app, contributorsRecipientsRoute, async (c) => {
    const started = performance.now();
    const body = await contributorRecipients(db, parseQuery(c, ContributorsFilter));
    c.get('logger').info(
      {
        event: 'admin.contributors-recipients',
        recipients: body.recipients.length,
        capped: body.capped,
        ms: Math.round(performance.now() - started),
      },
      'contributor recipients listed',
    );
    return c.json(body, 200);
  });
  openapiRoute(app, contributorsDetail, async (c) =>
    c.json(
      { success: true, data: await listContributionDetails(db) } satisfies z.infer<typeof ContributionDetailList>,
      200,
    ),
  );
  openapiRoute(app, membersDetail, async (c) =>
    c.json({ success: true, data: await listMemberDetails(db) } satisfies z.infer<typeof MemberDetailList>, 200),
  );
  openapiRoute(app, eventRegistrations, async (c) =>
    c.json(
      { success: true, data: await listRegistrationDetails(db) } satisfies z.infer<typeof RegistrationDetailList>,
      200,
    ),
  );
  const logPage = (c: Context<AppEnv>, event: string, rows: number, started: number) =>
    c.get('logger').info({ event, rows, ms: Math.round(performance.now() - started) }, 'detail page listed');
  openapiRoute(app, contributorsDetailPage, async (c) => {
    const started = performance.now();
    const page = await listContributionDetailsPage(db, parseQuery(c, DetailPageQuery));
    logPage(c, 'admin.contributors-detail-page', page.data.length, started);
    return c.json(page, 200);
  });
  openapiRoute(app, membersDetailPage, async (c) => {
    const started = performance.now();
    const page = await listMemberDetailsPage(db, parseQuery(c, DetailPageQuery));
    logPage(c, 'admin.members-detail-page', page.data.length, started);
    return c.json(page, 200);
  });
  openapiRoute(app, eventRegistrationsPage, async (c) => {
    const started = performance.now();
    const page = await listRegistrationDetailsPage(db, parseQuery(c, RegistrationsPageQuery));
    logPage(c, 'admin.event-registrations-page', page.data.length, started);
    return c.json(page, 200);
  });
  openapiRoute(app, doorSearch, async (c) => {
    const { q } = parseQuery(c, DoorSearchQuery);
    const data = await searchRegistrationsAtDoor(db, q);
    return c.json({ success: true, data } satisfies z.infer<typeof RegistrationDetailList>, 200);
  });
  openapiRoute(app, registeredEvents, async (c) => c.json(await listRegisteredEvents(db), 200));
  openapiRoute(app, contributorsDetailRecipients, async (c) =>
    c.json({ success: true, data: await contributionRecipients(db) } satisfies RecipientList, 200),
  );
  openapiRoute(app, membersDetailRecipients, async (c) =>
    c.json({ success: true, data: await memberRecipients(db) } satisfies RecipientList, 200),
  );
  openapiRoute(app, eventRegistrationsRecipients, async (c) => {
    const { eventId } = parseQuery(c, RegistrationRecipientsQuery);
    return c.json({ success: true, data: await registrationRecipients(db, eventId) } satisfies RecipientList, 200);
  });
  openapiRoute(app, contributorsDetailRecipientCount, async (c) =>
    c.json({ success: true, count: await contributionRecipientCount(db) } satisfies RecipientCount, 200),
  );
  openapiRoute(app, membersDetailRecipientCount, async (c) =>
    c.json({ success: true, count: await memberRecipientCount(db) } satisfies RecipientCount, 200),
  );
  openapiRoute(app, eventRegistrationsRecipientCount, async (c) => {
    const { eventId } = parseQuery(c, RegistrationRecipientsQuery);
    return c.json(
      { success: true, count: await registrationRecipientCount(db, eventId) } satisfies RecipientCount,
      200,
    );
  });
  openapiRoute(app, listUsers, async (c) => c.json(await listAdmins(db), 200));
  openapiRoute(app, createUser, async (c) => {
    const actor = actorIn(c);
    const request = await parseJson(c, CreateAdminRequest);
    const user = await createAdmin(db, actor, request);
    c.get('logger').info({ event: 'admin.user.created', actorId: actor.userId, userId: user.id }, 'admin created');
    return c.json({ success: true, user } satisfies z.infer<typeof AdminUserCreated>, 201);
  });
  openapiRoute(app, deleteUser, async (c) => {
    const actor = actorIn(c);
    const id = idParam(c, 'Admin user');
    await deleteAdmin(db, actor, id);
    c.get('logger').info({ event: 'admin.user.deleted', actorId: actor.userId, userId: id }, 'admin deleted');
    return c.json({ success: true } satisfies MessageResponse, 200);
  });
  openapiRoute(app, updateProfileRoute, async (c) => {
    const actor = actorIn(c);
    const update = await parseJson(c, ProfileUpdate);
    const user = await updateProfile(db, actor, update);
    c.get('logger').info({ event: 'admin.profile.updated', actorId: actor.userId }, 'profile updated');
    return c.json(
      { success: true, message: userMessages.profileUpdated, user } satisfies z.infer<typeof ProfileUpdated>,
      200,
    );
  });
  openapiRoute(app, confirmContributionRoute, async (c) => {
    const actor = actorIn(c);
    const id = idParam(c, 'Contribution');
    await parseJson(c, StatusChange);
    const confirmed = await confirmContribution(db, actor, id);
    c.get('logger').info(
      { event: 'admin.status.confirmed', actorId: actor.userId, entityType: confirmed.entityType, id },
      'contribution confirmed',
    );
    return c.json({ success: true, data: { id, status: 'confirmed' } } satisfies z.infer<typeof StatusChanged>, 200);
  });
  openapiRoute(app, confirmRegistrationRoute, async (c) => {
    const actor = actorIn(c);
    const id = idParam(c, 'Registration');
    const { status } = await parseJson(c, RegistrationStatusChange);
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
  });
  openapiRoute(app, createRefundRoute, async (c) => {
    const actor = actorIn(c);
    const request = await parseJson(c, RefundCreate);
    const data = await createRefund(deps, c.get('logger'), actor, request);
    c.get('logger').info(
      { event: 'admin.refund.requested', actorId: actor.userId, refundId: data.id, paymentId: data.paymentId },
      'refund requested',
    );
    return c.json({ success: true, data } satisfies RefundAccepted, 202);
  });
  openapiRoute(app, cancelPlanRoute, async (c) => {
    const actor = actorIn(c);
    const id = idParam(c, 'Payment');
    const { reason } = await parseJson(c, PlanCancelCreate);
    const data = await cancelPlan(deps, c.get('logger'), actor, id, reason);
    c.get('logger').info(
      { event: 'admin.plan.cancel-requested', actorId: actor.userId, paymentId: id },
      'plan cancellation requested',
    );
    return c.json({ success: true, data } satisfies PlanCancelAccepted, 202);
  });
  openapiRoute(app, paymentDetailRoute, async (c) => {
    const id = idParam(c, 'Payment');
    const detail = await paymentDetail(deps, c.get('logger'), id);
    if (!detail) throw notFound('Payment');
    return c.json(detail, 200);
  });
  openapiRoute(app, paymentsOfRecordRoute, async (c) => {
    const { recordId } = parseQuery(c, PaymentsOfRecordQuery);
    const data = await paymentsOfRecord(db, recordId);
    return c.json({ success: true, data } satisfies PaymentsOfRecord, 200);
  });
  openapiRoute(app, auditLogRoute, async (c) => {
    const query = parseQuery(c, AuditLogQuery);
    const page = await listAuditLog(db, query);
    c.get('logger').info({ event: 'admin.audit-log', rows: page.data.length }, 'audit log listed');
    return c.json(page, 200);
  });

  return app;
}
