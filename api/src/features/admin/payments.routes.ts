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
import { featureRouter, json, openapiRoute } from '../../lib/openapi';
import { adminOperation, auditedWrite, foundOr404, idParams, unknown } from './admin-http';
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
  openapiRoute(app, createRefundRoute, (c) =>
    auditedWrite(c, 202, async (actor) => {
      const data = await createRefund(deps, c.get('logger'), actor, c.req.valid('json'));
      const answer = { success: true, data } satisfies RefundAccepted;
      const log = { event: 'admin.refund.requested', refundId: data.id, paymentId: data.paymentId };
      return { answer, log, message: 'refund requested' };
    }),
  );
  openapiRoute(
    app,
    cancelPlanRoute,
    (c) =>
      auditedWrite(c, 202, async (actor) => {
        const { id } = c.req.valid('param');
        const data = await cancelPlan(deps, c.get('logger'), actor, id, c.req.valid('json').reason);
        const answer = { success: true, data } satisfies PlanCancelAccepted;
        return {
          answer,
          log: { event: 'admin.plan.cancel-requested', paymentId: id },
          message: 'plan cancellation requested',
        };
      }),
    unknown('Payment'),
  );
  openapiRoute(
    app,
    paymentDetailRoute,
    async (c) =>
      c.json(await foundOr404('Payment', paymentDetail(deps, c.get('logger'), c.req.valid('param').id)), 200),
    unknown('Payment'),
  );
  openapiRoute(app, paymentsOfRecordRoute, async (c) => {
    const { recordId } = c.req.valid('query');
    const data = await paymentsOfRecord(db, recordId);
    return c.json({ success: true, data } satisfies PaymentsOfRecord, 200);
  });
  return app;
}
