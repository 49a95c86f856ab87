import {
  type GraphQLNamedType,
  type GraphQLSchema,
  TypeInfo,
  getNamedType,
  isEnumType,
  isInputObjectType,
  isNonNullType,
  parse,
  typeFromAST,
  validate,
  visit,
  visitWithTypeInfo,
} from 'graphql';

/**
 * What differs between the documented schema (paytheory.graphql) and the provider's, limited to
 * what the adapter's documents use: every field they select, every argument they pass, every
 * variable type, and the input objects and enums those reach. Each difference is one sentence
 * naming the element, so a go-live report says exactly what to fix.
 */

interface Used {
  fields: Map<string, { parent: string; field: string }>;
  args: Map<string, { parent: string; field: string; arg: string }>;
  types: Set<string>;
}

function collectUsed(local: GraphQLSchema, documents: Record<string, string>): Used {
  const used: Used = { fields: new Map(), args: new Map(), types: new Set() };
  const addType = (type: GraphQLNamedType | undefined) => {
    if (!type || used.types.has(type.name)) return;
    used.types.add(type.name);
    if (isInputObjectType(type)) {
      for (const field of Object.values(type.getFields())) addType(getNamedType(field.type));
    }
  };
  for (const source of Object.values(documents)) {
    const typeInfo = new TypeInfo(local);
    visit(
      parse(source),
      visitWithTypeInfo(typeInfo, {
        Field(node) {
          const parent = typeInfo.getParentType();
          const def = typeInfo.getFieldDef();
          if (!parent || !def || node.name.value.startsWith('__')) return;
          used.fields.set(`${parent.name}.${def.name}`, { parent: parent.name, field: def.name });
          addType(getNamedType(def.type));
          for (const arg of node.arguments ?? []) {
            const argDef = def.args.find((a) => a.name === arg.name.value);
            if (!argDef) continue;
            used.args.set(`${parent.name}.${def.name}(${argDef.name})`, {
              parent: parent.name,
              field: def.name,
              arg: argDef.name,
            });
            addType(getNamedType(argDef.type));
          }
        },
        VariableDefinition(node) {
          const type = typeFromAST(local, node.type);
          if (type) addType(getNamedType(type));
        },
      }),
    );
  }
  return used;
}

function compareInput(name: string, local: GraphQLSchema, remote: GraphQLSchema): string[] {
  const mine = local.getType(name);
  const theirs = remote.getType(name);
  if (!isInputObjectType(mine)) return [];
  if (!isInputObjectType(theirs)) return [`input ${name}: the provider has no input type of that name`];
  const out: string[] = [];
  const theirFields = theirs.getFields();
  for (const field of Object.values(mine.getFields())) {
    const other = theirFields[field.name];
    if (!other) out.push(`input ${name}.${field.name}: missing at the provider`);
    else if (String(other.type) !== String(field.type)) {
      out.push(`input ${name}.${field.name}: documented ${String(field.type)}, provider has ${String(other.type)}`);
    }
  }
  const mineFields = mine.getFields();
  for (const other of Object.values(theirFields)) {
    if (!mineFields[other.name] && isNonNullType(other.type) && other.defaultValue === undefined) {
      out.push(
        `input ${name}.${other.name}: the provider requires it (${String(other.type)}); the schema file lacks it`,
      );
    }
  }
  return out;
}

function compareEnum(name: string, local: GraphQLSchema, remote: GraphQLSchema): string[] {
  const mine = local.getType(name);
  const theirs = remote.getType(name);
  if (!isEnumType(mine)) return [];
  if (!isEnumType(theirs)) return [`enum ${name}: the provider has no enum of that name`];
  const theirValues = new Set(theirs.getValues().map((v) => v.name));
  const mineValues = new Set(mine.getValues().map((v) => v.name));
  return [
    ...[...mineValues].filter((v) => !theirValues.has(v)).map((v) => `enum ${name}: the provider lacks ${v}`),
    ...[...theirValues].filter((v) => !mineValues.has(v)).map((v) => `enum ${name}: the provider adds ${v}`),
  ];
}

export function schemaDifferences(
  local: GraphQLSchema,
  remote: GraphQLSchema,
  documents: Record<string, string>,
): string[] {
  const out: string[] = [];
  for (const [name, source] of Object.entries(documents)) {
    for (const error of validate(remote, parse(source))) out.push(`${name}: ${error.message}`);
  }
  const used = collectUsed(local, documents);
  for (const { parent, field } of used.fields.values()) {
    const mine = local.getType(parent);
    const theirs = remote.getType(parent);
    const myField = mine && 'getFields' in mine ? mine.getFields()[field] : undefined;
    const theirField = theirs && 'getFields' in theirs ? theirs.getFields()[field] : undefined;
    if (!myField) continue;
    if (!theirField) out.push(`${parent}.${field}: missing at the provider`);
    else if (String(theirField.type) !== String(myField.type)) {
      out.push(`${parent}.${field}: documented ${String(myField.type)}, provider has ${String(theirField.type)}`);
    }
  }
  for (const { parent, field, arg } of used.args.values()) {
    const mine = local.getType(parent);
    const theirs = remote.getType(parent);
    const myField = mine && 'getFields' in mine ? mine.getFields()[field] : undefined;
    const theirField = theirs && 'getFields' in theirs ? theirs.getFields()[field] : undefined;
    const myArg = myField && 'args' in myField ? myField.args.find((a) => a.name === arg) : undefined;
    if (!myArg || !theirField || !('args' in theirField)) continue;
    const theirArg = theirField.args.find((a) => a.name === arg);
    if (!theirArg) out.push(`${parent}.${field}(${arg}): argument missing at the provider`);
    else if (String(theirArg.type) !== String(myArg.type)) {
      out.push(`${parent}.${field}(${arg}): documented ${String(myArg.type)}, provider has ${String(theirArg.type)}`);
    }
  }
  for (const name of used.types) {
    if (!remote.getType(name)) {
      out.push(`type ${name}: missing at the provider`);
      continue;
    }
    out.push(...compareInput(name, local, remote), ...compareEnum(name, local, remote));
  }
  return [...new Set(out)];
}
