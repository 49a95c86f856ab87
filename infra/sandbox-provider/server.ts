import { appendFileSync, writeFileSync } from 'node:fs';
import { type IncomingMessage, type Server, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { handleFieldsRoute, handleSdkRoute } from './browser-routes';
import type { InstalmentResult, SandboxProvider, SandboxProviderOptions, SandboxSettlement } from './provider-types';
import { FaultPlan, PartialFaultsSchema } from './faults';
import { executeGraphQL } from './graphql-execute';
import { disputeToApi, settlementToApi, transactionToApi } from './graphql-operations';
import { BodyError, fromLoopback, isJsonRequest, readJson, sendJson } from './http-util';
import { z } from 'zod';
import { DISPUTE_STATUSES, SandboxError, SandboxStore } from './store';
import { SandboxWebhooks } from './webhooks';

export type { Faults } from './faults';
export type { LedgerEntry } from './store';
export { IDEMPOTENCY_METADATA_KEY } from './store';
export { TEST_CARDS, DECLINING_AMOUNTS } from './card-rules';
export type { SandboxWebhookEvent, SandboxWebhookState, TransactionEventName } from './webhooks';
export type { DisputeStatus } from './store';
export { WEBHOOK_SIGNATURE_HEADER } from './webhooks';
export type { InstalmentResult, SandboxProvider, SandboxProviderOptions, SandboxSettlement } from './provider-types';

/** The origin a client on this machine reaches a listener at. */
function originOf(address: AddressInfo): string {
  const wildcard = address.address === '0.0.0.0' || address.address === '::';
  const host = wildcard ? '127.0.0.1' : address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return `http://${host}:${address.port}`;
}

const CHARGE_NEXT = /^\/__sandbox\/recurring\/([^/]+)\/charge-next$/;
const DISPUTE = /^\/__sandbox\/disputes\/([^/]+)$/;
const DisputeUpdateSchema = z.object({ status: z.enum(DISPUTE_STATUSES) }).strict();
const REVIEW = /^\/__sandbox\/review\/([^/]+)$/;
const ReviewSchema = z.object({ action: z.enum(['ACCEPT', 'REJECT']) }).strict();

function graphqlError(message: string, code: string) {
  return { errors: [{ message, extensions: { code } }] };
}

/**
 * The sandbox card provider, as strict as Pay Theory's docs (ADR 011): Pay Theory's GraphQL API for the
 * server-side adapter, its browser SDK with hosted fields for the web app, fault knobs and a
 * ledger for tests. Plain node:http, because it is test infrastructure with a dozen routes.
 */
export async function startSandboxProvider(options: SandboxProviderOptions): Promise<SandboxProvider> {
  const { ledgerFile, logger } = options;
  if (ledgerFile) writeFileSync(ledgerFile, '');
  const faults = new FaultPlan(Math.random, { visibilityDelayMs: options.visibilityDelayMs ?? 300 });
  // The store is made below; its webhooks (made first) and every answer read it through this.
  const apiContext = {
    get store() {
      return store;
    },
    merchantUid: options.merchantUid,
  };
  const webhooks = new SandboxWebhooks(
    {
      url: options.webhookUrl,
      signingSecret: options.webhookSigningSecret,
      retryDelaysMs: options.webhookRetryDelaysMs,
      logger,
      eventName: options.webhookEventName,
    },
    // A notification describes what it is about as it is, whether or not queries can see it yet.
    {
      transaction: (transactionId) => {
        const transaction = store.transactionById(transactionId);
        return transaction ? transactionToApi(transaction, apiContext) : null;
      },
      dispute: (disputeId) => {
        const dispute = store.disputeById(disputeId);
        return dispute ? disputeToApi(dispute, apiContext) : null;
      },
      settlement: (batch) => {
        const settlement = store.settlements().find((s) => s.settlementBatch === batch);
        return settlement ? settlementToApi(settlement, apiContext) : null;
      },
    },
  );
  if (options.faults) faults.set(options.faults);
  const timers = new Set<NodeJS.Timeout>();
  const store = new SandboxStore(
    (entry) => {
      if (ledgerFile) appendFileSync(ledgerFile, `${JSON.stringify(entry)}\n`);
      webhooks.onLedgerEntry(entry);
    },
    () => new Date(),
    {
      visibilityDelayMs: () => faults.visibilityDelayMs(),
      pendingMs: () => options.pendingMs ?? 0,
      autoSettle: () => faults.autoSettle(),
      duplicateWindowMs: options.duplicateWindowMs ?? 0,
      reviewThresholdCents: options.reviewThresholdCents ?? null,
      firstInstalmentDelayMs: options.firstInstalmentDelayMs ?? 200,
      defer: (work, ms) => {
        const timer = setTimeout(() => {
          timers.delete(timer);
          work();
        }, ms);
        timers.add(timer);
      },
    },
  );
  const expectedAuthorization = `${options.merchantUid};${options.secretKey}`;
  const sockets = new Set<Socket>();
  let closing = false;
  function chargeNextInstalment(recurringId: string, opts: { decline?: boolean } = {}): InstalmentResult {
    const transaction = store.chargeNextInstalment(recurringId, opts);
    return {
      transactionId: transaction.transactionId,
      state: transaction.status === 'FAILED' ? ('FAILED' as const) : ('SUCCEEDED' as const),
      eventId: webhooks.eventsFor(transaction.transactionId)[0]?.id ?? null,
    };
  }

  function settle(): SandboxSettlement | null {
    const settlement = store.settle();
    if (!settlement) return null;
    logger?.info(
      { settlementBatch: settlement.settlementBatch, count: settlement.transactionIds.length },
      'sandbox: settled',
    );
    return { ...settlementToApi(settlement, apiContext), transaction_ids: settlement.transactionIds };
  }
  const settlements = () =>
    store.settlements().map((s) => ({ ...settlementToApi(s, apiContext), transaction_ids: s.transactionIds }));
  const settleTimer =
    (options.settleEveryMs ?? 0) > 0 ? setInterval(() => void settle(), options.settleEveryMs).unref() : null;

  function delay(ms: number): Promise<void> {
    if (ms <= 0) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        timers.delete(timer);
        resolve();
      }, ms);
      timers.add(timer);
    });
  }

  type Answer = { status: number; body: unknown } | 'drop';

  /** Does the work and decides the answer; faults that skip the work are handled by the caller. */
  async function answerGraphQL(req: IncomingMessage): Promise<Answer> {
    // Pay Theory's documented header: `Authorization: MERCHANT_UID;SECRET_KEY`.
    if (req.headers.authorization !== expectedAuthorization) {
      return { status: 401, body: graphqlError('Unauthorized', 'UNAUTHORIZED') };
    }
    let request: unknown;
    try {
      request = await readJson(req);
    } catch (error) {
      if (!(error instanceof BodyError)) throw error;
      return { status: error.status, body: graphqlError(error.message, 'BAD_REQUEST') };
    }
    const { status, body, charged, operation, bugs } = await executeGraphQL(request, {
      store,
      merchantUid: options.merchantUid,
    });
    for (const bug of bugs) logger?.error({ err: bug, operation }, 'sandbox: resolver failed');
    logger?.info({ operation, errors: body.errors?.map((e) => e.extensions.code) }, 'sandbox: graphql');
    if (charged && faults.dropAfterCharge()) {
      logger?.warn({ fault: 'drop-after-charge' }, 'sandbox: charged, dropping the connection');
      return 'drop';
    }
    if (charged && faults.failAfterCharge()) {
      logger?.warn({ fault: 'error-after-charge' }, 'sandbox: charged, answering a failure');
      return faults.failure();
    }
    return { status, body };
  }

  async function handleGraphQL(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const decision = faults.onRequest();
    if (decision === 'hang') {
      // Never answered: the client's timeout is what ends it (or close(), which destroys sockets).
      logger?.warn({ fault: 'timeout' }, 'sandbox: leaving a request unanswered');
      req.resume();
      return;
    }
    let answer: Answer;
    if (decision === 'fail') {
      logger?.warn({ fault: 'error' }, 'sandbox: answering a failure');
      req.resume();
      answer = faults.failure();
    } else {
      answer = await answerGraphQL(req);
    }
    if (answer === 'drop') {
      req.socket.destroy();
      return;
    }
    // Latency comes after the work, like a slow provider: a client that gives up meanwhile
    // does not know whether it was charged.
    await delay(faults.latencyMs());
    if (!closing) sendJson(res, answer.status, answer.body);
  }

  async function handleAdmin(req: IncomingMessage, res: ServerResponse, path: string): Promise<void> {
    // Loopback only, and POSTs must be JSON so a web page cannot fire them without a preflight.
    if (!fromLoopback(req)) {
      sendJson(res, 403, { error: 'admin endpoints answer loopback requests only' });
    } else if (req.method === 'GET' && path === '/__sandbox/ledger') {
      sendJson(res, 200, store.ledger());
    } else if (req.method === 'GET' && path === '/__sandbox/settlements') {
      sendJson(res, 200, settlements());
    } else if (req.method === 'POST' && !isJsonRequest(req)) {
      sendJson(res, 415, { error: 'send application/json' });
    } else if (req.method === 'POST' && path === '/__sandbox/faults') {
      const patch = PartialFaultsSchema.safeParse(await readJson(req));
      if (!patch.success) sendJson(res, 400, { error: 'invalid faults', issues: patch.error.issues });
      else sendJson(res, 200, faults.set(patch.data));
    } else if (req.method === 'POST' && path === '/__sandbox/settle') {
      await readJson(req).catch(() => null);
      const settlement = settle();
      if (settlement) sendJson(res, 200, settlement);
      else sendJson(res, 409, { error: 'nothing to settle', code: 'NOTHING_TO_SETTLE' });
    } else if (req.method === 'POST' && path === '/__sandbox/reset') {
      reset();
      sendJson(res, 200, { ok: true });
    } else if (req.method === 'POST' && CHARGE_NEXT.test(path)) {
      const recurringId = decodeURIComponent(CHARGE_NEXT.exec(path)?.[1] ?? '');
      const body = (await readJson(req)) as { decline?: unknown } | null;
      try {
        sendJson(res, 200, chargeNextInstalment(recurringId, { decline: body?.decline === true }));
      } catch (error) {
        if (!(error instanceof SandboxError)) throw error;
        sendJson(res, error.code === 'NOT_FOUND' ? 404 : 409, { error: error.message, code: error.code });
      }
    } else if (req.method === 'POST' && DISPUTE.test(path)) {
      await updateTransaction(req, res, DISPUTE.exec(path)?.[1], DisputeUpdateSchema, (id, body) =>
        disputeToApi(store.updateDispute(id, body.status), apiContext),
      );
    } else if (req.method === 'POST' && REVIEW.test(path)) {
      await updateTransaction(req, res, REVIEW.exec(path)?.[1], ReviewSchema, (id, body) =>
        transactionToApi(store.reviewCharge(id, body.action), apiContext),
      );
    } else if (await webhooks.handleAdmin(req, res, path)) {
      return;
    } else {
      sendJson(res, 404, { error: 'not found' });
    }
  }

  /** `POST /__sandbox/<thing>/:transactionId` with a JSON body: 400 when it does not parse, 404 when nothing matches. */
  async function updateTransaction<T>(
    req: IncomingMessage,
    res: ServerResponse,
    encodedId: string | undefined,
    schema: z.ZodType<T>,
    work: (transactionId: string, body: T) => unknown,
  ): Promise<void> {
    const body = schema.safeParse(await readJson(req));
    if (!body.success) return sendJson(res, 400, { error: z.prettifyError(body.error), issues: body.error.issues });
    try {
      sendJson(res, 200, work(decodeURIComponent(encodedId ?? ''), body.data));
    } catch (error) {
      if (!(error instanceof SandboxError)) throw error;
      sendJson(res, 404, { error: error.message, code: error.code });
    }
  }

  function reset(): void {
    store.reset();
    webhooks.reset();
    faults.reset();
    if (ledgerFile) writeFileSync(ledgerFile, '');
  }

  function listen(listener: Server, port: number): Promise<AddressInfo> {
    listener.on('connection', (socket) => {
      sockets.add(socket);
      socket.once('close', () => sockets.delete(socket));
    });
    return new Promise((resolve, reject) => {
      listener.once('error', reject);
      listener.listen(port, options.host ?? '127.0.0.1', () => {
        listener.off('error', reject);
        resolve(listener.address() as AddressInfo);
      });
    });
  }

  /** Both listeners answer a failed handler the same way. */
  function serve(handle: (req: IncomingMessage, res: ServerResponse, path: string) => Promise<void>) {
    return (req: IncomingMessage, res: ServerResponse) => {
      const path = new URL(req.url ?? '/', 'http://sandbox').pathname;
      handle(req, res, path).catch((error: unknown) => {
        if (error instanceof BodyError && !res.headersSent)
          return sendJson(res, error.status, { error: error.message });
        logger?.error({ err: error }, 'sandbox: request failed');
        if (!res.headersSent) sendJson(res, 500, graphqlError('Internal error', 'INTERNAL_SERVER_ERROR'));
        else res.destroy();
      });
    };
  }

  // Listening first, so the SDK script can be told the fields' port.
  const fieldsServer = createServer(
    serve(async (req, res, path) => {
      const context = { store, publicApiKey: options.publicApiKey };
      if (req.method === 'GET' && path === '/health') sendJson(res, 200, { ok: true });
      else if (!(await handleFieldsRoute(req, res, path, context))) sendJson(res, 404, { error: 'not found' });
    }),
  );
  const fieldsAddress = await listen(fieldsServer, options.fieldsPort ?? 0);

  const server = createServer(
    serve(async (req, res, path) => {
      if (path === '/graphql') {
        if (req.method === 'POST') await handleGraphQL(req, res);
        else sendJson(res, 405, graphqlError('POST a JSON body to /graphql', 'METHOD_NOT_ALLOWED'), { allow: 'POST' });
      } else if (path.startsWith('/__sandbox/')) {
        await handleAdmin(req, res, path);
      } else if (req.method === 'GET' && path === '/health') {
        sendJson(res, 200, { ok: true });
      } else if (!handleSdkRoute(req, res, path, fieldsAddress.port)) {
        sendJson(res, 404, { error: 'not found' });
      }
    }),
  );
  const address = await listen(server, options.port ?? 0).catch(async (error: unknown) => {
    await new Promise((resolve) => fieldsServer.close(resolve));
    throw error;
  });
  const url = originOf(address);

  return {
    url,
    graphqlUrl: `${url}/graphql`,
    sdkUrl: `${url}/sdk.js`,
    fieldsOrigin: originOf(fieldsAddress),
    ledger: () => store.ledger(),
    setFaults: (patch) => void faults.set(patch),
    chargeNextInstalment: (recurringId, opts) => Promise.resolve().then(() => chargeNextInstalment(recurringId, opts)),
    webhooks: () => webhooks.state(),
    webhookSettled: (eventId) => webhooks.settled(eventId),
    reactivateWebhook: () => webhooks.reactivate(),
    redeliverWebhook: (eventId) => webhooks.redeliver(eventId),
    settle: () => Promise.resolve().then(settle),
    updateDispute: (transactionId, status) =>
      Promise.resolve().then(() => disputeToApi(store.updateDispute(transactionId, status), apiContext)),
    settlements,
    reset,
    close: async () => {
      closing = true;
      if (settleTimer) clearInterval(settleTimer);
      webhooks.close();
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      const closed = [server, fieldsServer].map((s) => new Promise<void>((resolve) => s.close(() => resolve())));
      // Hung requests (timeout faults) and keep-alive connections would otherwise hold close() open.
      for (const socket of sockets) socket.destroy();
      await Promise.all(closed);
    },
  };
}
