import {
  GraphQLError,
  type GraphQLSchema,
  Kind,
  type OperationDefinitionNode,
  execute,
  getOperationAST,
  parse,
  validate,
} from 'graphql';
import { type ResolverContext, rootValue } from './graphql-operations';
import { buildPayTheorySchema } from './schema';
import { SandboxError } from './store';

/**
 * One GraphQL request against paytheory.graphql, executed by graphql-js. Answers keep the shape
 * the adapter reads (shared/money/src/provider/paytheory/graphql-client.ts): `{ data, errors: [{
 * message, path, extensions: { code } }] }`, the codes telling "our request was wrong" from "the
 * provider failed". Introspection works as on any graphql-js server (the go-live check uses it).
 */

export interface GraphQLErrorBody {
  message: string;
  path?: readonly (string | number)[];
  extensions: { code: string };
}

export interface GraphQLAnswer {
  status: number;
  body: { data?: unknown; errors?: GraphQLErrorBody[] };
  /** A new charge was made while answering: the drop-after-charge fault may apply. */
  charged: boolean;
  /** Root field names, for request logs. */
  operation: string;
  /** Errors thrown by the sandbox's own code (not by a request's content), for the log. */
  bugs: unknown[];
}

let schema: GraphQLSchema | undefined;
/** Built once per process: the file does not change while the sandbox runs. */
export function payTheorySchema(): GraphQLSchema {
  schema ??= buildPayTheorySchema();
  return schema;
}

const reject = (status: number, message: string, code: string, operation = ''): GraphQLAnswer => ({
  status,
  body: { errors: [{ message, extensions: { code } }] },
  charged: false,
  operation,
  bugs: [],
});

function rootFields(operation: OperationDefinitionNode | null | undefined): string {
  return (operation?.selectionSet.selections ?? []).map((s) => (s.kind === Kind.FIELD ? s.name.value : '…')).join(',');
}

/** The sandbox's own faults: answered as INTERNAL_SERVER_ERROR without their text, and logged. */
function isBug(error: GraphQLError): boolean {
  const original = error.originalError;
  return original !== undefined && !(original instanceof SandboxError) && !(original instanceof GraphQLError);
}

/** A resolver's SandboxError keeps its code; argument and variable coercion errors are the caller's. */
function toBody(error: GraphQLError): GraphQLErrorBody {
  const original = error.originalError;
  const code = isBug(error)
    ? 'INTERNAL_SERVER_ERROR'
    : original instanceof SandboxError
      ? original.code
      : 'BAD_USER_INPUT';
  const message = code === 'INTERNAL_SERVER_ERROR' ? 'Internal error' : error.message;
  return error.path ? { message, path: error.path, extensions: { code } } : { message, extensions: { code } };
}

export async function executeGraphQL(
  request: unknown,
  ctx: Pick<ResolverContext, 'store' | 'merchantUid'>,
): Promise<GraphQLAnswer> {
  const { query, variables, operationName } = (request ?? {}) as Record<string, unknown>;
  if (typeof query !== 'string') return reject(400, 'Must provide query string.', 'BAD_REQUEST');
  if (variables != null && (typeof variables !== 'object' || Array.isArray(variables))) {
    return reject(400, 'Variables must be an object.', 'BAD_REQUEST');
  }
  if (operationName != null && typeof operationName !== 'string') {
    return reject(400, 'operationName must be a string.', 'BAD_REQUEST');
  }
  let document;
  try {
    document = parse(query);
  } catch (error) {
    if (!(error instanceof GraphQLError)) throw error;
    return reject(400, error.message, 'GRAPHQL_PARSE_FAILED');
  }
  const operation = rootFields(getOperationAST(document, operationName ?? undefined));
  const invalid = validate(payTheorySchema(), document);
  if (invalid.length > 0) {
    return {
      status: 200,
      body: {
        data: null,
        errors: invalid.map((e) => ({ message: e.message, extensions: { code: 'GRAPHQL_VALIDATION_FAILED' } })),
      },
      charged: false,
      operation,
      bugs: [],
    };
  }
  const contextValue: ResolverContext = { ...ctx, charged: false };
  const result = await execute({
    schema: payTheorySchema(),
    document,
    rootValue,
    contextValue,
    variableValues: (variables ?? {}) as Record<string, unknown>,
    operationName: operationName ?? null,
  });
  const body = result.errors
    ? { data: result.data ?? null, errors: result.errors.map(toBody) }
    : { data: result.data ?? null };
  const bugs = (result.errors ?? []).filter(isBug).map((e) => e.originalError);
  return { status: 200, body, charged: contextValue.charged, operation, bugs };
}
