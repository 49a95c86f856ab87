import fc from 'fast-check';
import { z } from 'zod';
import {
  CONTENT_TYPES,
  CONTROL_CHARACTERS,
  INVALID_UTF8,
  INVISIBLE_CHARACTERS,
  type Json,
  LONE_SURROGATES,
  NOT_JSON,
  NUMBER_EDGES,
  ODD_KEYS,
  SCRIPT_ADDRESSES,
  UNICODE_EDGES,
  WRONG_TYPES,
  bytesMarker,
  nested,
  serialize,
  toBody,
  typeOf,
} from './fuzz-values';

/**
 * Malformed and boundary request bodies derived from a shared zod contract (docs/decisions/028).
 * No maintained library derives fast-check arbitraries from zod 4 (zod-fast-check stops at zod 3),
 * so the contract's JSON Schema (`z.toJSONSchema`) names the fields, their types and maxima, and
 * each probe is a valid seed body with one or two of those fields broken, or a broken body.
 */

export {
  type Json,
  INVALID_UTF8,
  INVISIBLE_CHARACTERS,
  LONE_SURROGATES,
  OTHER_CHARSETS,
  SCRIPT_ADDRESSES,
  holdsForbidden,
} from './fuzz-values';

type JsonObject = { [key: string]: Json };

interface Node {
  type?: string | string[];
  properties?: Record<string, Node>;
  required?: string[];
  anyOf?: Node[];
  oneOf?: Node[];
  maxLength?: number;
  maximum?: number;
  format?: string;
  enum?: unknown[];
  $ref?: string;
  $defs?: Record<string, Node>;
}

/** One field of a contract: where it is in the body and what the contract says of it. */
export interface Field {
  path: string[];
  types: Set<string>;
  maxLength: number | undefined;
  /** `uri-reference` marks an address a person enters (the contracts' webAddress). */
  format: string | undefined;
  required: boolean;
  object: boolean;
}

/** The kinds of probe; a run reports how many of each it sent. */
export type ProbeKind =
  | 'too-long'
  | 'at-limit'
  | 'control-character'
  | 'unicode'
  | 'invisible-character'
  | 'lone-surrogate'
  | 'invalid-utf8'
  | 'script-address'
  | 'wrong-type'
  | 'number-edge'
  | 'missing'
  | 'extra-key'
  | 'deep-nesting'
  | 'random-value'
  | 'not-json'
  | 'content-type'
  | 'root-type'
  | 'seed';

export interface Probe {
  kinds: ProbeKind[];
  /** Which fields were broken, for the failure report. */
  what: string;
  /** Bytes when the probe holds bytes that are not UTF-8. */
  body: string | Uint8Array;
  contentType: string | undefined;
}

/** Every field of an object schema, nested objects included (their own fields too). */
export function fieldsOf(schema: z.ZodType): Field[] {
  const root = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Node;
  const resolve = (node: Node): Node => {
    const ref = node.$ref?.replace('#/$defs/', '');
    return ref && root.$defs?.[ref] ? resolve(root.$defs[ref]) : node;
  };
  const members = (node: Node): Node[] => {
    const resolved = resolve(node);
    const union = resolved.anyOf ?? resolved.oneOf;
    return union ? union.flatMap(members) : [resolved];
  };
  const walk = (node: Node, path: string[]): Field[] => {
    const object = members(node).find((member) => member.properties);
    if (!object?.properties) return [];
    return Object.entries(object.properties).flatMap(([key, child]) => {
      const variants = members(child);
      const types = new Set(variants.flatMap((v) => (Array.isArray(v.type) ? v.type : v.type ? [v.type] : [])));
      const maxLength = variants.map((v) => v.maxLength).find((max) => max !== undefined);
      const format = variants.map((v) => v.format).find((f) => f !== undefined);
      const field: Field = {
        path: [...path, key],
        types,
        maxLength,
        format,
        required: object.required?.includes(key) ?? false,
        object: types.has('object'),
      };
      return [field, ...walk(child, field.path)];
    });
  };
  return walk(root, []);
}

const clone = (body: Json): Json => structuredClone(body);

/** The parent object of `path` in `body`, creating objects on the way when they are missing. */
function parentOf(body: Json, path: string[]): JsonObject | undefined {
  let node: Json = body;
  for (const key of path.slice(0, -1)) {
    if (typeof node !== 'object' || node === null || Array.isArray(node)) return undefined;
    const next: Json = node[key] ?? {};
    node[key] = next;
    node = next;
  }
  return typeof node === 'object' && node !== null && !Array.isArray(node) ? node : undefined;
}

function valueAt(body: Json, path: string[]): Json | undefined {
  let node: Json | undefined = body;
  for (const key of path) {
    if (typeof node !== 'object' || node === null || Array.isArray(node)) return undefined;
    node = node[key];
  }
  return node;
}

type Edit = { kind: ProbeKind; field: string; apply: (body: Json) => void };

const set = (path: string[], value: Json) => (body: Json) => {
  const parent = parentOf(body, path);
  const key = path[path.length - 1];
  if (parent && key !== undefined) parent[key] = value;
};

function insertInto(original: Json | undefined, piece: string, at: number): string {
  const text = typeof original === 'string' && original.length > 0 ? original : 'x';
  const index = Math.min(at, text.length);
  return text.slice(0, index) + piece + text.slice(index);
}

/** The ways one field can be broken, as an arbitrary of edits. */
function editsOf(field: Field, seed: Json, maxDepth: number): fc.Arbitrary<Edit> {
  const name = field.path.join('.');
  const current = valueAt(seed, field.path);
  const edit = (kind: ProbeKind, value: fc.Arbitrary<Json>) =>
    value.map((v): Edit => ({ kind, field: name, apply: set(field.path, v) }));
  /** `piece` put into the field's current text, at one of its first 64 places. */
  const inserted = (kind: ProbeKind, piece: fc.Arbitrary<string>) =>
    edit(
      kind,
      fc.tuple(piece, fc.nat({ max: 64 })).map(([p, at]) => insertInto(current, p, at)),
    );
  // NUL, the character PostgreSQL refuses in text, as often as all the other controls together.
  const control = fc.oneof(fc.constant('\u0000'), fc.constantFrom(...CONTROL_CHARACTERS));
  const options: fc.Arbitrary<Edit>[] = [
    edit('wrong-type', fc.constantFrom(...WRONG_TYPES.filter((value) => !field.types.has(typeOf(value))))),
    edit('number-edge', fc.constantFrom(...NUMBER_EDGES)),
    fc.constant<Edit>({
      kind: 'missing',
      field: name,
      apply: (body) => {
        const parent = parentOf(body, field.path);
        const key = field.path[field.path.length - 1];
        if (parent && key !== undefined) delete parent[key];
      },
    }),
    edit(
      'deep-nesting',
      fc.tuple(fc.integer({ min: 2, max: maxDepth }), fc.boolean()).map(([depth, arrays]) => nested(depth, arrays)),
    ),
    edit('random-value', fc.jsonValue({ maxDepth: 3 }) as fc.Arbitrary<Json>),
    inserted('control-character', control),
    inserted('unicode', fc.constantFrom(...UNICODE_EDGES)),
    inserted('invisible-character', fc.constantFrom(...INVISIBLE_CHARACTERS)),
    inserted('lone-surrogate', fc.constantFrom(...LONE_SURROGATES)),
    inserted(
      'invalid-utf8',
      fc.constantFrom(...INVALID_UTF8).map((bytes) => bytesMarker(bytes)),
    ),
  ];
  if (field.format === 'uri-reference') {
    const script = edit('script-address', fc.constantFrom(...SCRIPT_ADDRESSES));
    options.push(script, script, script);
  }
  if (field.maxLength !== undefined) {
    const max = field.maxLength;
    const unit = fc.constantFrom('a', '9', 'é', '山', ' ');
    const tooLong = edit(
      'too-long',
      fc
        .tuple(
          unit,
          fc.oneof(fc.integer({ min: 1, max: 64 }), fc.integer({ min: max, max: Math.max(max * 10, 100_000) })),
        )
        .map(([char, extra]) => char.repeat(max + extra)),
    );
    // Twice, so that a text field is as often too long as it is anything else.
    options.push(
      tooLong,
      tooLong,
      edit(
        'at-limit',
        unit.map((char) => char.repeat(max)),
      ),
    );
  }
  return fc.oneof(...options);
}

const extraKey = (fields: Field[], maxDepth: number): fc.Arbitrary<Edit> =>
  fc
    .tuple(
      fc.constantFrom<string[]>([], ...fields.filter((f) => f.object).map((f) => f.path)),
      fc.oneof(fc.constantFrom(...ODD_KEYS), fc.string({ maxLength: 20 })),
      fc.oneof(
        fc.jsonValue({ maxDepth: 2 }) as fc.Arbitrary<Json>,
        fc.tuple(fc.integer({ min: 2, max: maxDepth }), fc.boolean()).map(([depth, arrays]) => nested(depth, arrays)),
      ),
    )
    .map(([at, key, value]) => ({
      kind: 'extra-key',
      field: [...at, key].join('.'),
      apply: (body: Json) => {
        const target = at.length === 0 ? body : valueAt(body, at);
        if (typeof target === 'object' && target !== null && !Array.isArray(target)) {
          Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
        }
      },
    }));

export interface ProbeOptions {
  /** The deepest nesting a field is replaced with. */
  maxDepth: number;
}

/**
 * Probes of one endpoint: mostly the seed with one or two fields broken, sometimes a body that is
 * not JSON, not an object, or sent with another content type, and now and then the seed itself.
 */
export function probesOf(schema: z.ZodType, seed: () => Json, options: ProbeOptions): fc.Arbitrary<Probe> {
  const base = seed();
  const fields = fieldsOf(schema);
  const json = 'application/json';
  const fieldEdit = fc.oneof(
    ...fields.map((field) => editsOf(field, base, options.maxDepth)),
    extraKey(fields, options.maxDepth),
  );
  const edited = fc.array(fieldEdit, { minLength: 1, maxLength: 2 }).map((edits): Probe => {
    const body = clone(seed());
    for (const e of edits) e.apply(body);
    return {
      kinds: edits.map((e) => e.kind),
      what: edits.map((e) => `${e.kind} ${e.field}`).join(', '),
      body: toBody(serialize(body)),
      contentType: json,
    };
  });
  const notJson = fc
    .oneof(fc.constantFrom(...NOT_JSON), fc.string({ maxLength: 50, unit: 'binary' }))
    .map((body): Probe => ({ kinds: ['not-json'], what: 'not JSON', body, contentType: json }));
  const contentType = fc.constantFrom(...CONTENT_TYPES).map((type): Probe => ({
    kinds: ['content-type'],
    what: `content type ${String(type)}`,
    body: JSON.stringify(seed()),
    contentType: type,
  }));
  const rootType = fc.constantFrom<Json[]>([null], [[]], [1], ['x'], [[base]]).map(([value]): Probe => ({
    kinds: ['root-type'],
    what: `root ${typeOf(value ?? null)}`,
    body: JSON.stringify(value),
    contentType: json,
  }));
  const unchanged = fc
    .constant(null)
    .map((): Probe => ({ kinds: ['seed'], what: 'seed', body: JSON.stringify(seed()), contentType: json }));
  return fc.oneof(
    { arbitrary: edited, weight: 12 },
    { arbitrary: notJson, weight: 1 },
    { arbitrary: contentType, weight: 1 },
    { arbitrary: rootType, weight: 1 },
    { arbitrary: unchanged, weight: 1 },
  );
}

/** A probe that puts one value in one field of the seed, and what it must be answered with. */
export interface FieldProbe {
  field: Field;
  /** What was put there, for the failure report. */
  what: string;
  body: string | Uint8Array;
}

/**
 * Every text field (a string with a maximum) of a contract, each with every shape that no text
 * field may hold whatever its kind (docs/decisions/028): a direction override, a noncharacter, an
 * unpaired surrogate, bytes that are not UTF-8; and every address field with each script address.
 * One-line-only refusals (marks, zero-width characters) are the random probes' to find.
 */
export function fieldProbesOf(schema: z.ZodType, seed: () => Json, ownersChoice: readonly string[] = []): FieldProbe[] {
  const texts = fieldsOf(schema).filter((field) => field.types.has('string') && field.maxLength !== undefined);
  const withValue = (field: Field, what: string, value: string): FieldProbe => {
    const body = clone(seed());
    set(field.path, value)(body);
    return { field, what, body: toBody(serialize(body)) };
  };
  return texts.flatMap((field) => {
    const current = valueAt(seed(), field.path);
    const inside = (piece: string) => insertInto(current, piece, 1);
    // A password is its owner's choice of characters (docs/decisions/028), but never broken text.
    const visible = ownersChoice.includes(field.path.join('.'))
      ? []
      : [withValue(field, 'U+202E', inside('\u202e')), withValue(field, 'U+FFFF', inside('\uffff'))];
    return [
      ...visible,
      withValue(field, 'U+D800', inside('\ud800')),
      ...INVALID_UTF8.map((bytes) => withValue(field, `bytes ${bytes.join(' ')}`, inside(bytesMarker(bytes)))),
      ...(field.format === 'uri-reference'
        ? SCRIPT_ADDRESSES.map((address) => withValue(field, address, address))
        : []),
    ];
  });
}
