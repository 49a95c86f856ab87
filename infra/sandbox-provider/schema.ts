import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { GraphQLError, type GraphQLSchema, Kind, type ValueNode, buildSchema, isScalarType } from 'graphql';

/** Pay Theory's GraphQL API as documented (see the file's header): one file, three readers. */
export const SCHEMA_PATH = fileURLToPath(new URL('./paytheory.graphql', import.meta.url));

export function schemaSource(): string {
  return readFileSync(SCHEMA_PATH, 'utf8');
}

function toObject(value: unknown): Record<string, unknown> {
  let parsed = value;
  if (typeof value === 'string') {
    try {
      parsed = JSON.parse(value) as unknown;
    } catch {
      throw new GraphQLError('AWSJSON: not valid JSON');
    }
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw new GraphQLError('AWSJSON: metadata must be a JSON object');
  }
  return parsed as Record<string, unknown>;
}

function literalToJs(node: ValueNode): unknown {
  switch (node.kind) {
    case Kind.STRING:
    case Kind.ENUM:
      return node.value;
    case Kind.INT:
    case Kind.FLOAT:
      return Number(node.value);
    case Kind.BOOLEAN:
      return node.value;
    case Kind.NULL:
      return null;
    case Kind.LIST:
      return node.values.map(literalToJs);
    case Kind.OBJECT:
      return Object.fromEntries(node.fields.map((field) => [field.name.value, literalToJs(field.value)]));
    case Kind.VARIABLE:
      throw new GraphQLError('AWSJSON: variables inside a literal are not supported');
  }
}

/**
 * The schema with its scalars' behaviour: AWSJSON in as a JSON string (AppSync's form) or an
 * object (the reference's examples), out as a JSON string, as AppSync answers; the date scalars
 * pass ISO strings through.
 */
export function buildPayTheorySchema(): GraphQLSchema {
  const schema = buildSchema(schemaSource());
  const awsJson = schema.getType('AWSJSON');
  if (!isScalarType(awsJson)) throw new Error('paytheory.graphql must declare scalar AWSJSON');
  awsJson.parseValue = toObject;
  awsJson.parseLiteral = (node) => toObject(literalToJs(node));
  awsJson.serialize = (value) => (typeof value === 'string' ? value : JSON.stringify(value));
  return schema;
}
