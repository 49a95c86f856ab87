/**
 * Just enough GraphQL to answer the operations the Pay Theory adapter sends: one operation per
 * document, fields with aliases, arguments (variables or literals) and nested selections.
 * Fragments and directives are rejected rather than half-supported. A real parser (the `graphql`
 * package) would be a dependency for a test double that only ever sees our own documents.
 */

export type ValueNode =
  | { kind: 'variable'; name: string }
  | { kind: 'literal'; value: string | number | boolean | null }
  | { kind: 'enum'; value: string }
  | { kind: 'list'; values: ValueNode[] }
  | { kind: 'object'; fields: Record<string, ValueNode> };

export interface FieldNode {
  name: string;
  alias: string | null;
  args: Record<string, ValueNode>;
  selections: FieldNode[];
}

export interface OperationNode {
  type: 'query' | 'mutation';
  name: string | null;
  selections: FieldNode[];
}

export class GraphQLSyntaxError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'GraphQLSyntaxError';
  }
}

type Token = { kind: 'punct' | 'name' | 'number' | 'string'; text: string };

const TOKEN =
  /\s+|,|#[^\n]*|(\.\.\.|[!$():=@[\]{}|])|([_A-Za-z][_0-9A-Za-z]*)|(-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)|("(?:[^"\\\n]|\\.)*")/y;

export function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  TOKEN.lastIndex = 0;
  while (TOKEN.lastIndex < source.length) {
    const at = TOKEN.lastIndex;
    const match = TOKEN.exec(source);
    if (!match) throw new GraphQLSyntaxError(`Syntax Error: unexpected character at offset ${at}`);
    const [, punct, name, number, string] = match;
    if (punct !== undefined) tokens.push({ kind: 'punct', text: punct });
    else if (name !== undefined) tokens.push({ kind: 'name', text: name });
    else if (number !== undefined) tokens.push({ kind: 'number', text: number });
    else if (string !== undefined) tokens.push({ kind: 'string', text: JSON.parse(string) as string });
  }
  return tokens;
}

class Parser {
  private index = 0;
  constructor(private readonly tokens: Token[]) {}

  private peek(): Token | undefined {
    return this.tokens[this.index];
  }

  private next(): Token {
    const token = this.tokens[this.index];
    if (!token) throw new GraphQLSyntaxError('Syntax Error: unexpected end of document');
    this.index += 1;
    return token;
  }

  private isPunct(text: string): boolean {
    const token = this.peek();
    return token?.kind === 'punct' && token.text === text;
  }

  private expectPunct(text: string): void {
    const token = this.next();
    if (token.kind !== 'punct' || token.text !== text) {
      throw new GraphQLSyntaxError(`Syntax Error: expected "${text}", found "${token.text}"`);
    }
  }

  private expectName(): string {
    const token = this.next();
    if (token.kind !== 'name') throw new GraphQLSyntaxError(`Syntax Error: expected a name, found "${token.text}"`);
    return token.text;
  }

  parseDocument(): OperationNode {
    let type: OperationNode['type'] = 'query';
    let name: string | null = null;
    if (!this.isPunct('{')) {
      const keyword = this.expectName();
      if (keyword !== 'query' && keyword !== 'mutation') {
        throw new GraphQLSyntaxError(`Syntax Error: unsupported definition "${keyword}"`);
      }
      type = keyword;
      if (this.peek()?.kind === 'name') name = this.expectName();
      if (this.isPunct('(')) this.skipVariableDefinitions();
    }
    const selections = this.parseSelectionSet();
    if (this.peek()) throw new GraphQLSyntaxError('Syntax Error: only one operation per document is supported');
    return { type, name, selections };
  }

  /** Types and defaults are not checked: the resolvers validate the values they use. */
  private skipVariableDefinitions(): void {
    let depth = 0;
    do {
      const token = this.next();
      if (token.kind === 'punct' && token.text === '(') depth += 1;
      if (token.kind === 'punct' && token.text === ')') depth -= 1;
    } while (depth > 0);
  }

  private parseSelectionSet(): FieldNode[] {
    this.expectPunct('{');
    const fields: FieldNode[] = [];
    while (!this.isPunct('}')) {
      if (this.isPunct('...')) throw new GraphQLSyntaxError('Syntax Error: fragments are not supported');
      fields.push(this.parseField());
    }
    this.expectPunct('}');
    return fields;
  }

  private parseField(): FieldNode {
    let alias: string | null = null;
    let name = this.expectName();
    if (this.isPunct(':')) {
      this.next();
      alias = name;
      name = this.expectName();
    }
    const args: Record<string, ValueNode> = {};
    if (this.isPunct('(')) {
      this.next();
      while (!this.isPunct(')')) {
        const argName = this.expectName();
        this.expectPunct(':');
        args[argName] = this.parseValue();
      }
      this.next();
    }
    if (this.isPunct('@')) throw new GraphQLSyntaxError('Syntax Error: directives are not supported');
    const selections = this.isPunct('{') ? this.parseSelectionSet() : [];
    return { name, alias, args, selections };
  }

  private parseValue(): ValueNode {
    const token = this.next();
    if (token.kind === 'punct' && token.text === '$') return { kind: 'variable', name: this.expectName() };
    if (token.kind === 'string') return { kind: 'literal', value: token.text };
    if (token.kind === 'number') return { kind: 'literal', value: Number(token.text) };
    if (token.kind === 'name') {
      if (token.text === 'true' || token.text === 'false') return { kind: 'literal', value: token.text === 'true' };
      if (token.text === 'null') return { kind: 'literal', value: null };
      return { kind: 'enum', value: token.text };
    }
    if (token.text === '[') {
      const values: ValueNode[] = [];
      while (!this.isPunct(']')) values.push(this.parseValue());
      this.next();
      return { kind: 'list', values };
    }
    if (token.text === '{') {
      const fields: Record<string, ValueNode> = {};
      while (!this.isPunct('}')) {
        const key = this.expectName();
        this.expectPunct(':');
        fields[key] = this.parseValue();
      }
      this.next();
      return { kind: 'object', fields };
    }
    throw new GraphQLSyntaxError(`Syntax Error: unexpected "${token.text}"`);
  }
}

export function parseOperation(source: string): OperationNode {
  return new Parser(tokenize(source)).parseDocument();
}

/** A value with its variables substituted; enums become their names, as in JSON variables. */
export function resolveValue(node: ValueNode, variables: Record<string, unknown>): unknown {
  switch (node.kind) {
    case 'variable':
      return variables[node.name] ?? null;
    case 'literal':
    case 'enum':
      return node.value;
    case 'list':
      return node.values.map((value) => resolveValue(value, variables));
    case 'object':
      return Object.fromEntries(Object.entries(node.fields).map(([k, v]) => [k, resolveValue(v, variables)]));
  }
}

export function resolveArgs(field: FieldNode, variables: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(field.args).map(([k, v]) => [k, resolveValue(v, variables)]));
}

/** The nested field with this name anywhere below `field`, e.g. `items { metadata(query_list: …) }`. */
export function findField(field: FieldNode, path: string[]): FieldNode | null {
  let current: FieldNode | undefined = field;
  for (const name of path) {
    current = current.selections.find((child) => child.name === name);
    if (!current) return null;
  }
  return current;
}

/** Keep only what the client selected, the way a GraphQL server shapes its answer. */
export function project(selections: FieldNode[], value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (Array.isArray(value)) return value.map((item) => project(selections, item));
  if (selections.length === 0 || typeof value !== 'object') return value;
  const source = value as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const field of selections) {
    const key = field.alias ?? field.name;
    out[key] =
      field.selections.length > 0 ? project(field.selections, source[field.name]) : (source[field.name] ?? null);
  }
  return out;
}
