import type { z } from 'zod';
import { ProviderRequestError, TransientProviderError } from '../provider';
import type { HttpPost } from './http-post';

/**
 * One POST to Pay Theory's GraphQL endpoint, with every failure sorted into the two kinds the
 * worker acts on (provider.ts): "unknown, try again after a lookup" or "our request is wrong".
 * The rule (docs/decisions/011, "Unknown means unclear"): only a refusal Pay Theory documents, by
 * a code in REFUSAL_CODES or a credentials rejection, is final; every other answer (an unknown
 * error type, an AppSync error such as `ExecutionTimeout` or `Lambda:Unhandled`, an HTTP error, an
 * answer we cannot read or that does not match the schema) leaves the outcome unknown, since the
 * provider may have done the work before failing.
 * Error texts name the operation and the HTTP status or GraphQL code, never variables: those
 * can hold card data (createPaymentMethod) and the Authorization header holds the secret.
 */

export interface GraphQLClientOptions {
  graphqlUrl: string;
  merchantUid: string;
  secretKey: string;
  timeoutMs: number;
  /** The transport: createHttpPost() in production; `fetch` or a stub of it also fits. */
  post: HttpPost;
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

/**
 * The allow-list of final refusals: GraphQL error codes that mean "the request was refused before
 * anything was done" (the parse and validation codes of a GraphQL server, and the refusals of the
 * documented contract the sandbox answers, infra/sandbox-provider/README.md). A card decline is
 * never an error: it is a FAILED transaction, an outcome (paytheory-provider.ts). Any code not
 * listed here is unclear.
 */
const REFUSAL_CODES = new Set([
  'BAD_REQUEST',
  'GRAPHQL_PARSE_FAILED',
  'GRAPHQL_VALIDATION_FAILED',
  'BAD_USER_INPUT',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'NOT_VALID',
  'NOT_ACTIVE',
  'INVALID_AMOUNT',
]);

/** Final only when every error in the answer is a documented refusal; one unknown code makes it unclear. */
export function isRefusal(codes: readonly string[]): boolean {
  return codes.length > 0 && codes.every((code) => REFUSAL_CODES.has(code));
}

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
    let response: Awaited<ReturnType<HttpPost>>;
    let text: string;
    try {
      response = await options.post(options.graphqlUrl, {
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
    let body: RawAnswer | null = null;
    try {
      body = JSON.parse(text) as RawAnswer | null;
    } catch {
      // Handled below: an answer we cannot read is unclear.
    }
    const errors = Array.isArray(body?.errors) ? body.errors : [];
    const codes = errors.map(codeOf);
    const detail = errors.length > 0 ? `: ${describeErrors(errors)}` : '';

    // Credentials are checked before any resolver runs, so a rejection of them did nothing.
    if (status === 401 || status === 403) {
      throw new PayTheoryGraphQLError(`${what}: credentials rejected (HTTP ${status})${detail}`, codes);
    }
    if (status < 200 || status >= 300) {
      if (status >= 400 && status < 500 && status !== 408 && status !== 429 && isRefusal(codes)) {
        throw new PayTheoryGraphQLError(`${what}: request rejected (HTTP ${status})${detail}`, codes);
      }
      throw new TransientProviderError(`${what}: HTTP ${status}${detail}`);
    }
    if (!body || typeof body !== 'object') {
      // A 2xx we cannot read: the operation may well have happened, so the outcome is unknown.
      throw new TransientProviderError(`${what}: unreadable answer (HTTP ${status})`);
    }
    if (errors.length > 0) {
      if (isRefusal(codes)) throw new PayTheoryGraphQLError(`${what}: ${describeErrors(errors)}`, codes);
      throw new TransientProviderError(`${what}: ${describeErrors(errors)}`);
    }
    const parsed = dataSchema.safeParse(body.data);
    if (!parsed.success) {
      const where = parsed.error.issues
        .slice(0, 3)
        .map((issue) => issue.path.join('.') || '(root)')
        .join(', ');
      // An answer we cannot read says nothing about what the provider did.
      throw new TransientProviderError(`${what}: answer does not match the expected schema at ${where}`);
    }
    return parsed.data;
  };
}
