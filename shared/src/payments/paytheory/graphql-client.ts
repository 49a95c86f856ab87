import type { z } from 'zod';
import { ProviderRequestError, TransientProviderError } from '../provider';

/**
 * One POST to Pay Theory's GraphQL endpoint, with every failure sorted into the two kinds the
 * worker acts on (provider.ts): "unknown, try again after a lookup" or "our request is wrong".
 * Error texts name the operation and the HTTP status or GraphQL code, never variables: those
 * can hold card data (createPaymentMethod) and the Authorization header holds the secret.
 */

export interface GraphQLClientOptions {
  graphqlUrl: string;
  merchantUid: string;
  secretKey: string;
  timeoutMs: number;
  fetch: typeof fetch;
}

/** GraphQL errors in an answer; `codes` are `extensions.code` or AppSync's `errorType`. */
export class PayTheoryGraphQLError extends ProviderRequestError {
  constructor(
    message: string,
    readonly codes: string[],
  ) {
    super(message);
    this.name = 'PayTheoryGraphQLError';
  }
}

/** GraphQL error codes that mean "the provider failed", not "our request was wrong". */
const TRANSIENT_CODES = new Set([
  'INTERNAL_SERVER_ERROR',
  'INTERNAL_ERROR',
  'SERVICE_UNAVAILABLE',
  'TIMEOUT',
  'THROTTLED',
  'RATE_LIMITED',
]);

/** Long digit runs are masked in anything the provider says back, in case it echoes a card. */
export function redactDigits(text: string): string {
  return text.replace(/\d[\d -]{10,}\d/g, '[redacted]');
}

interface RawError {
  message?: unknown;
  errorType?: unknown;
  extensions?: { code?: unknown } | null;
}

interface RawAnswer {
  data?: unknown;
  errors?: RawError[];
}

function codeOf(error: RawError): string {
  const code = error.extensions?.code ?? error.errorType;
  return typeof code === 'string' && code.length > 0 ? code : 'UNKNOWN';
}

function describeErrors(errors: RawError[]): string {
  return errors
    .slice(0, 3)
    .map((e) => `${codeOf(e)}: ${redactDigits(typeof e.message === 'string' ? e.message : 'no message').slice(0, 200)}`)
    .join('; ');
}

function isTimeout(error: unknown): boolean {
  return error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
}

const DOCUMENT_NAME = /^\s*(?:query|mutation)\s+([_A-Za-z][_0-9A-Za-z]*)/;

export type GraphQLRequest = <T>(
  operationName: string,
  query: string,
  variables: Record<string, unknown>,
  dataSchema: z.ZodType<T>,
) => Promise<T>;

export function createGraphQLClient(options: GraphQLClientOptions): GraphQLRequest {
  const authorization = `${options.merchantUid};${options.secretKey}`;

  return async function request<T>(
    operationName: string,
    query: string,
    variables: Record<string, unknown>,
    dataSchema: z.ZodType<T>,
  ): Promise<T> {
    const what = `Pay Theory ${operationName}`;
    // GraphQL's operationName must name an operation in the document (else the server refuses
    // the request), so it is the document's own name, not the label used in messages here.
    const documentName = DOCUMENT_NAME.exec(query)?.[1];
    let response: Response;
    let text: string;
    try {
      response = await options.fetch(options.graphqlUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json', authorization },
        body: JSON.stringify({ query, variables, ...(documentName ? { operationName: documentName } : {}) }),
        signal: AbortSignal.timeout(options.timeoutMs),
      });
      text = await response.text();
    } catch (error) {
      if (isTimeout(error)) {
        throw new TransientProviderError(`${what}: no answer within ${options.timeoutMs} ms`, { cause: error });
      }
      throw new TransientProviderError(`${what}: network error (${error instanceof Error ? error.name : 'unknown'})`, {
        cause: error,
      });
    }

    const status = response.status;
    if (status >= 500 || status === 429 || status === 408) throw new TransientProviderError(`${what}: HTTP ${status}`);

    let body: RawAnswer | null = null;
    try {
      body = JSON.parse(text) as RawAnswer | null;
    } catch {
      // Handled below: what to do depends on the status.
    }
    const errors = Array.isArray(body?.errors) ? body.errors : [];

    if (status === 401 || status === 403) {
      const detail = errors.length > 0 ? `: ${describeErrors(errors)}` : '';
      throw new PayTheoryGraphQLError(`${what}: credentials rejected (HTTP ${status})${detail}`, errors.map(codeOf));
    }
    if (status < 200 || status >= 300) {
      const detail = errors.length > 0 ? `: ${describeErrors(errors)}` : '';
      throw new PayTheoryGraphQLError(`${what}: request rejected (HTTP ${status})${detail}`, errors.map(codeOf));
    }
    if (!body || typeof body !== 'object') {
      // A 2xx we cannot read: the operation may well have happened, so the outcome is unknown.
      throw new TransientProviderError(`${what}: unreadable answer (HTTP ${status})`);
    }
    if (errors.length > 0) {
      const codes = errors.map(codeOf);
      if (codes.every((code) => TRANSIENT_CODES.has(code))) {
        throw new TransientProviderError(`${what}: ${describeErrors(errors)}`);
      }
      throw new PayTheoryGraphQLError(`${what}: ${describeErrors(errors)}`, codes);
    }
    const parsed = dataSchema.safeParse(body.data);
    if (!parsed.success) {
      const where = parsed.error.issues
        .slice(0, 3)
        .map((issue) => issue.path.join('.') || '(root)')
        .join(', ');
      throw new ProviderRequestError(`${what}: answer does not match the expected schema at ${where}`);
    }
    return parsed.data;
  };
}
