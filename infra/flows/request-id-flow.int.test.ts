import { PaymentAccepted } from '@pillars/contracts';
import { outbox } from '@pillars/platform/db';
import { createLogger } from '@pillars/platform/logger';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { oneTimeDonation, usePaymentStack } from './payment-stack';

// A request's id follows its payment: the API's request line names the payment it created, the
// charge job carries the request's id, and the worker's lines about the charge name both.
interface Line {
  msg: string;
  reqId?: string;
  paymentId?: string;
  path?: string;
  job?: string;
}

function capture() {
  const lines: Line[] = [];
  return {
    lines,
    logger: createLogger({
      level: 'info',
      destination: { write: (l: string) => void lines.push(JSON.parse(l) as Line) },
    }),
  };
}

describe('request id', async () => {
  const api = capture();
  const worker = capture();
  const { database, tokenFor, post, settled } = await usePaymentStack('postgres', {
    logger: worker.logger,
    apiLogger: api.logger,
  });

  it('is logged by the worker with the charge of the payment the request created', async () => {
    const res = await post(
      '/api/donations',
      oneTimeDonation({ paymentMethodToken: await tokenFor(), amountCents: '2500' }),
    );
    expect(res.status).toBe(202);
    const { paymentId } = PaymentAccepted.parse(await res.json());
    const requestId = res.headers.get('x-request-id');
    expect(requestId).toBeTruthy();

    const requestLine = api.lines.find((line) => line.msg === 'request done' && line.path === '/api/donations');
    expect(requestLine).toMatchObject({ reqId: requestId, paymentId });

    const [row] = await database.db
      .select()
      .from(outbox)
      .where(eq(outbox.jobId, `charge-${paymentId}`));
    expect(row?.payload).toMatchObject({ paymentId, requestId });

    await settled(paymentId);
    await expect
      .poll(() =>
        worker.lines.find(
          (line) => line.msg === 'job completed' && line.job === 'charge' && line.paymentId === paymentId,
        ),
      )
      .toMatchObject({ reqId: requestId, paymentId });
  });
});
