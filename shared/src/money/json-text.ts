/**
 * JSON.stringify's text for JSON data, built with an explicit stack instead of recursion, so no
 * depth of nesting can overflow the call stack (JSON.stringify fails near 5,000 levels). The
 * idempotency fingerprint is hashed from it (accept.ts, docs/decisions/027): for every value
 * JSON.stringify can write, the text is the same, so fingerprints stored before stay valid.
 * Followed as JSON.stringify does: `toJSON`, wrapper objects, own enumerable keys in order;
 * undefined, functions and symbols left out of objects and written `null` in arrays (and at the
 * top, where JSON.stringify would give no text at all); non-finite numbers `null`.
 */
export function jsonText(value: unknown): string {
  const out: string[] = [];
  type Frame =
    | { kind: 'array'; items: readonly unknown[]; next: number }
    | { kind: 'object'; source: object; keys: string[]; next: number; wrote: boolean };
  const stack: Frame[] = [];

  const prepared = (v: unknown, key: string): unknown => {
    let current = v;
    if (
      current !== null &&
      typeof current === 'object' &&
      typeof (current as { toJSON?: unknown }).toJSON === 'function'
    ) {
      current = (current as { toJSON: (key: string) => unknown }).toJSON(key);
    }
    if (current instanceof Number || current instanceof String || current instanceof Boolean) {
      current = current.valueOf();
    }
    return current;
  };
  const omitted = (v: unknown) => v === undefined || typeof v === 'function' || typeof v === 'symbol';

  /** Writes a scalar, or opens a container and pushes its frame. */
  const write = (v: unknown) => {
    if (v === null || omitted(v)) out.push('null');
    else if (typeof v === 'string') out.push(JSON.stringify(v));
    else if (typeof v === 'number') out.push(Number.isFinite(v) ? String(v) : 'null');
    else if (typeof v === 'boolean') out.push(v ? 'true' : 'false');
    else if (typeof v === 'bigint') throw new TypeError('Do not know how to serialize a BigInt');
    else if (Array.isArray(v)) {
      out.push('[');
      stack.push({ kind: 'array', items: v, next: 0 });
    } else {
      out.push('{');
      stack.push({ kind: 'object', source: v, keys: Object.keys(v), next: 0, wrote: false });
    }
  };

  write(prepared(value, ''));
  while (stack.length > 0) {
    const frame = stack[stack.length - 1] as Frame;
    if (frame.kind === 'array') {
      if (frame.next >= frame.items.length) {
        out.push(']');
        stack.pop();
        continue;
      }
      const index = frame.next++;
      if (index > 0) out.push(',');
      write(prepared(frame.items[index], String(index)));
    } else {
      if (frame.next >= frame.keys.length) {
        out.push('}');
        stack.pop();
        continue;
      }
      const key = frame.keys[frame.next++] as string;
      const v = prepared((frame.source as Record<string, unknown>)[key], key);
      if (omitted(v)) continue;
      out.push(`${frame.wrote ? ',' : ''}${JSON.stringify(key)}:`);
      frame.wrote = true;
      write(v);
    }
  }
  return out.join('');
}
