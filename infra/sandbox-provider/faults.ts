import { z } from 'zod';

/**
 * Fault knobs, so tests can prove the money-safety rules under failure (ADR 007 and 010).
 * The rates draw from Math.random for soak and bench runs; the `…Next` counters are
 * deterministic and are what unit and integration tests should use.
 */
export const FaultsSchema = z.object({
  /** Added before every GraphQL answer, after the work is done (a slow provider, not a slow queue). */
  latencyMs: z.number().int().min(0).max(600_000),
  /** Share of GraphQL requests answered 503 without doing anything. */
  errorRate: z.number().min(0).max(1),
  /** Share of GraphQL requests never answered (the client has to give up). */
  timeoutRate: z.number().min(0).max(1),
  /** Share of charges (or refunds) performed and recorded, after which the connection is dropped unanswered. */
  dropAfterChargeRate: z.number().min(0).max(1),
  /** Share of charges (or refunds) performed and recorded, then answered 503 (a gateway failing after the work). */
  failAfterChargeRate: z.number().min(0).max(1),
  /** The next N requests that make a new charge (or refund) make it, then answer 503. */
  failNextAfterCharge: z.number().int().min(0),
  /** The next N GraphQL requests get 503. */
  failNext: z.number().int().min(0),
  /** The next N GraphQL requests are never answered. */
  timeoutNext: z.number().int().min(0),
  /** The next N requests that make a new charge (or refund) make it, then drop the connection. */
  dropNextCharges: z.number().int().min(0),
  /**
   * How long a new transaction or recurring plan stays invisible to the `transactions` and
   * `recurringPayments` queries. Pay Theory does not promise read-after-write on its queries, so
   * the sandbox never shows a new charge at once (default: startSandboxProvider's option).
   */
  visibilityDelayMs: z.number().int().min(0).max(600_000),
  /**
   * When set, the failures of `failNext`, `errorRate`, `failNextAfterCharge` and `failAfterChargeRate`
   * are answered as AWS AppSync answers a resolver failure: HTTP 200, `errors: [{ errorType, message }]`
   * and no data (e.g. `Lambda:Unhandled`, `ExecutionTimeout`). Null: HTTP 503.
   */
  errorType: z.string().trim().min(1).max(100).nullable(),
  /**
   * True (the default): a new charge counts as settled (`is_settled`) once captured, so a reversal
   * of it is a refund. False: new charges stay unsettled, and a reversal of one is a void, until a
   * settlement batch takes them (`POST /__sandbox/settle` or the settle timer).
   */
  autoSettle: z.boolean(),
});
export type Faults = z.infer<typeof FaultsSchema>;

export const NO_FAULTS: Faults = {
  latencyMs: 0,
  errorRate: 0,
  timeoutRate: 0,
  dropAfterChargeRate: 0,
  failAfterChargeRate: 0,
  failNextAfterCharge: 0,
  failNext: 0,
  timeoutNext: 0,
  dropNextCharges: 0,
  visibilityDelayMs: 0,
  errorType: null,
  autoSettle: true,
};

export const PartialFaultsSchema = FaultsSchema.partial().strict();

/** Decides, request by request, which fault applies; counters are consumed as they fire. */
export class FaultPlan {
  private faults: Faults;

  /** `defaults` are what reset() returns to (the sandbox's strict visibility delay, say). */
  constructor(
    private readonly random: () => number = Math.random,
    private readonly defaults: Partial<Faults> = {},
  ) {
    this.faults = FaultsSchema.parse({ ...NO_FAULTS, ...defaults });
  }

  current(): Faults {
    return { ...this.faults };
  }

  set(patch: Partial<Faults>): Faults {
    this.faults = FaultsSchema.parse({ ...this.faults, ...patch });
    return this.current();
  }

  reset(): void {
    this.faults = FaultsSchema.parse({ ...NO_FAULTS, ...this.defaults });
  }

  /** What happens to a GraphQL request before it is looked at. */
  onRequest(): 'fail' | 'hang' | 'proceed' {
    if (this.faults.failNext > 0) {
      this.faults.failNext -= 1;
      return 'fail';
    }
    if (this.faults.timeoutNext > 0) {
      this.faults.timeoutNext -= 1;
      return 'hang';
    }
    if (this.faults.errorRate > 0 && this.random() < this.faults.errorRate) return 'fail';
    if (this.faults.timeoutRate > 0 && this.random() < this.faults.timeoutRate) return 'hang';
    return 'proceed';
  }

  /** Asked once a request has made a new charge: should the answer be lost? */
  dropAfterCharge(): boolean {
    if (this.faults.dropNextCharges > 0) {
      this.faults.dropNextCharges -= 1;
      return true;
    }
    return this.faults.dropAfterChargeRate > 0 && this.random() < this.faults.dropAfterChargeRate;
  }

  /** Asked once a request has made a new charge (and its answer was not dropped): answer 503? */
  failAfterCharge(): boolean {
    if (this.faults.failNextAfterCharge > 0) {
      this.faults.failNextAfterCharge -= 1;
      return true;
    }
    return this.faults.failAfterChargeRate > 0 && this.random() < this.faults.failAfterChargeRate;
  }

  latencyMs(): number {
    return this.faults.latencyMs;
  }

  visibilityDelayMs(): number {
    return this.faults.visibilityDelayMs;
  }

  autoSettle(): boolean {
    return this.faults.autoSettle;
  }

  /** The answer to a request the failure faults hit: a 503, or AppSync's HTTP 200 with an error type. */
  failure(): { status: number; body: unknown } {
    const { errorType } = this.faults;
    if (errorType === null) {
      return {
        status: 503,
        body: { errors: [{ message: 'Service Unavailable', extensions: { code: 'SERVICE_UNAVAILABLE' } }] },
      };
    }
    return { status: 200, body: { errors: [{ errorType, message: `${errorType} (sandbox fault)` }] } };
  }
}
