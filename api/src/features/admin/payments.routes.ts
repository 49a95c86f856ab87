import {
  AdminPaymentDetail,
  PaymentsOfRecord,
  PaymentsOfRecordQuery,
  PlanCancelAccepted,
  PlanCancelCreate,
  RefundAccepted,
  RefundCreate,
} from '@pillars/contracts/admin';
import type { AppDeps } from '../../lib/context';
import { notFound } from '../../lib/errors';
import { featureRouter, json, openapiRoute } from '../../lib/openapi';
import { actorIn, adminOperation, idParams, unknown } from './admin-http';
import { paymentsOfRecord } from './audit-log.service';
import { cancelPlan, createRefund } from './money-ops.service';
import { paymentDetail } from './payment-detail.service';

const createRefundRoute = adminOperation('post', '/refunds', {
  summary: 'Give back all or part of one charge; a refund job does it (docs/decisions/019)',
  body: RefundCreate,
  ok: json('The refund, queued', RefundAccepted),
  status: 202,
  invalid: 'Invalid body, or an amount outside $0.01 and what is left of the charge',
  missing: 'No charge has this id',
  conflict: 'A refund of the charge is in progress, it has nothing left, or it took no money',
});
const cancelPlanRoute = adminOperation('post', '/payments/{id}/cancel-plan', {
  summary: 'End a monthly plan at the provider; a cancel-recurring job does it',
  params: idParams,
  body: PlanCancelCreate,
  ok: json('The cancellation, queued', PlanCancelAccepted),
  status: 202,
  invalid: 'Invalid body',
  missing: 'No monthly plan has this payment id',
  conflict: 'Cancelling the plan was already requested',
});
const paymentDetailRoute = adminOperation('get', '/payments/{id}', {
  summary: 'One payment from the ledger, with the state of the queue job that settles it',
  params: idParams,
  ok: json('The payment', AdminPaymentDetail),
  missing: 'No payment has this id',
});
const paymentsOfRecordRoute = adminOperation('get', '/payments', {
  summary: "The payments of one donation, membership or registration (by the record's id), newest first",
  query: PaymentsOfRecordQuery,
  ok: json('The payments, maybe none', PaymentsOfRecord),
  invalid: 'recordId is not a UUID',
});

/** Payments as the ledger holds them, and the money operations on them: a refund, a plan's end. */
export function adminPaymentsRoutes(deps: AppDeps) {
  const { db } = deps;
  const app = featureRouter();
  openapiRoute(app, createRefundRoute, async (c) => {
    const actor = actorIn(c);
    const data = await createRefund(deps, c.get('logger'), actor, c.req.valid('json'));
    c.get('logger').info(
      { event: 'admin.refund.requested', actorId: actor.userId, refundId: data.id, paymentId: data.paymentId },
      'refund requested',
    );
    return c.json({ success: true, data } satisfies RefundAccepted, 202);
  });
  openapiRoute(
    app,
    cancelPlanRoute,
    async (c) => {
      const actor = actorIn(c);
      const { id } = c.req.valid('param');
      const { reason } = c.req.valid('json');
      const data = await cancelPlan(deps, c.get('logger'), actor, id, reason);
      c.get('logger').info(
        { event: 'admin.plan.cancel-requested', actorId: actor.userId, paymentId: id },
        'plan cancellation requested',
      );
      return c.json({ success: true, data } satisfies PlanCancelAccepted, 202);
    },
    unknown('Payment'),
  );
  openapiRoute(
    app,
    paymentDetailRoute,
    async (c) => {
      const detail = await paymentDetail(deps, c.get('logger'), c.req.valid('param').id);
      if (!detail) throw notFound('Payment');
      return c.json(detail, 200);
    },
    unknown('Payment'),
  );
  openapiRoute(app, paymentsOfRecordRoute, async (c) => {
    const { recordId } = c.req.valid('query');
    const data = await paymentsOfRecord(db, recordId);
    return c.json({ success: true, data } satisfies PaymentsOfRecord, 200);
  });
  return app;
}
