/**
 * What the benchmark's processes say to each other over their IPC channel (node's `process.send`):
 * the orchestrator commands the load client and the floor process, which answer with raw timings.
 * Times are `performance.now()` of the process that measured them; only differences within one
 * process are ever taken.
 */
import { z } from 'zod';

export const ClientSetup = z.object({
  apiUrl: z.url(),
  graphqlUrl: z.url(),
  merchantUid: z.string(),
  secretKey: z.string(),
  /** Distinct card tokens to create at the sandbox before any timed phase; donations reuse them round-robin. */
  tokens: z.number().int().min(1),
});
export type ClientSetup = z.infer<typeof ClientSetup>;

export const ClientCommand = z.discriminatedUnion('type', [
  z.object({ type: z.literal('setup'), setup: ClientSetup }),
  /** Closed loop: `donations` submitted from `concurrency` clients, each long-polled until settled. */
  z.object({ type: z.literal('burst'), donations: z.number().int().min(1), concurrency: z.number().int().min(1) }),
  /** `donations` submitted from `concurrency` clients without waiting for them to settle (the charges queue is paused). */
  z.object({ type: z.literal('accept'), donations: z.number().int().min(1), concurrency: z.number().int().min(1) }),
  /** One client, one donation at a time: submit, wait for it to settle, then the next. */
  z.object({ type: z.literal('idle'), donations: z.number().int().min(1) }),
  /** Open loop: arrivals on a fixed timetable of `rate` per second for `durationMs`, whatever the answers. */
  z.object({ type: z.literal('steady'), rate: z.number().positive(), durationMs: z.number().int().min(1) }),
]);
export type ClientCommand = z.infer<typeof ClientCommand>;

export const PaymentSample = z.object({
  paymentId: z.uuid(),
  /** When the timetable wanted the POST sent (open loop); the send time otherwise. */
  dueAt: z.number(),
  sentAt: z.number(),
  acceptedAt: z.number(),
  settledAt: z.number(),
  state: z.enum(['succeeded', 'failed']),
});
export type PaymentSample = z.infer<typeof PaymentSample>;

export const PhaseTimings = z.object({
  samples: z.array(PaymentSample),
  firstSentAt: z.number(),
  lastAcceptedAt: z.number(),
  lastSettledAt: z.number(),
});
export type PhaseTimings = z.infer<typeof PhaseTimings>;

export const ClientReply = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready'), tokenizeMs: z.number() }),
  z.object({ type: z.literal('done'), timings: PhaseTimings }),
  z.object({
    type: z.literal('accepted'),
    paymentIds: z.array(z.uuid()),
    firstSentAt: z.number(),
    lastAcceptedAt: z.number(),
    /** Each POST's time to its 202, in ms. */
    acceptMs: z.array(z.number()),
  }),
  z.object({ type: z.literal('failed'), message: z.string() }),
]);
export type ClientReply = z.infer<typeof ClientReply>;

export const FloorSetup = z.object({
  databaseUrl: z.string(),
  redisUrl: z.string().optional(),
  prefix: z.string(),
  operations: z.number().int().min(1),
  concurrency: z.number().int().min(1),
  workerConcurrency: z.number().int().min(1),
  poolMax: z.number().int().min(1),
});
export type FloorSetup = z.infer<typeof FloorSetup>;

export const FloorCommand = z.object({ type: z.literal('floor'), setup: FloorSetup });
export type FloorCommand = z.infer<typeof FloorCommand>;

export const FloorReply = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('done'),
    insertAddMs: z.number(),
    noopAddMs: z.number(),
    noopProcessMs: z.number(),
  }),
  z.object({ type: z.literal('failed'), message: z.string() }),
]);
export type FloorReply = z.infer<typeof FloorReply>;

/** The event-loop probe's answer (elu-probe.ts): cumulative ms, as `performance.eventLoopUtilization()`. */
export const EluReply = z.object({ type: z.literal('elu'), idle: z.number(), active: z.number() });
export type EluReply = z.infer<typeof EluReply>;

/** The probe's answer to `profile-start` / `profile-stop` (elu-probe.ts). */
export const ProfileReply = z.union([
  z.object({ type: z.literal('profile'), ok: z.literal(true) }),
  z.object({ type: z.literal('profile'), ok: z.literal(false), message: z.string() }),
]);
