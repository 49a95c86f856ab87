import { render, toPlainText } from '@react-email/render';
import { type ReactElement, createElement, isValidElement } from 'react';

/**
 * E-mails rendered once per shape, then filled in (docs/decisions/021).
 *
 * Rendering a React e-mail costs a few milliseconds of CPU, and a receipt is sent for every
 * payment. Yet the receipts of one month differ only in their values (a name, a number, a date,
 * a link), not in their markup. So each template is rendered once per *shape* with a token in
 * place of every string value, HTML and plain text alike; an e-mail is then its shape with the
 * tokens replaced, HTML-escaped exactly as React escapes them in the HTML and as they are in the
 * text. The output is the same, byte for byte, as rendering the template with the values
 * (stencil.test.ts renders every kind both ways and compares).
 *
 * The shape is the template and everything in its props that is not a string (numbers, booleans,
 * nulls, arrays' lengths) or is a string that chooses wording (SHAPE_PROPS), plus which strings
 * are empty and which are equal to each other: equal
 * values share a token, so a template (or the plain-text converter, which hides a link's address
 * when it equals its text) that compares strings sees the same equalities. A template that uses a
 * string in a way a token cannot stand for (transforms it, or branches on it without printing it)
 * leaves some token out of its output; that shape is then rendered in full every time, which is
 * slower but still right.
 */

/**
 * A token: private-use characters (never in a template's own text, left alone by React and
 * html-to-text) around `xX` and the value's index. The mixed case makes a template that changes a
 * value's case lose the token, so that shape is rendered in full (see below).
 */
const token = (index: number) => `\uE000xX${index}\uE001`;
const TOKEN = /\uE000xX(\d+)\uE001/g;

/** html-to-text's options for every e-mail: headings keep their case. */
const PLAIN_TEXT_OPTIONS = { selectors: [{ selector: 'h1', options: { uppercase: false } }] };

/**
 * Props that choose a template's wording rather than being written into it (a receipt's
 * `purpose.kind`, a failed instalment's `plan`): part of the shape, never a token. A template
 * that compares a string prop with a literal names it here; stencil.test.ts renders each with
 * every value both ways.
 */
const SHAPE_PROPS = new Set(['kind', 'plan']);

/** Shapes kept per template; past it the oldest is dropped (a guard, as shapes are few). */
const MAX_SHAPES_PER_TEMPLATE = 64;

export interface RenderedEmail {
  html: string;
  text: string;
}

type Shape = { html: string; text: string } | 'render in full';

/** React's escaping of text and attribute values (react-dom's escapeTextForBrowser). */
const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' };
const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);

/** Every template rendered in full: what the stencil must equal, and its fallback. */
export async function renderInFull(body: ReactElement): Promise<RenderedEmail> {
  const html = await render(body);
  return { html, text: toPlainText(html, PLAIN_TEXT_OPTIONS) };
}

/**
 * The props with each non-empty string replaced by its token, the values in token order, and a
 * key naming the shape. Undefined when the props hold something a token cannot stand in for
 * (elements, functions, dates): such an e-mail is rendered in full.
 */
function tokenise(props: unknown): { props: unknown; values: string[]; key: string } | undefined {
  const values: string[] = [];
  const indexOf = new Map<string, number>();
  let tokenisable = true;
  const walk = (value: unknown, name = ''): [unknown, string] => {
    if (typeof value === 'string' && SHAPE_PROPS.has(name)) return [value, JSON.stringify(value)];
    if (typeof value === 'string') {
      if (value === '') return ['', '""'];
      let index = indexOf.get(value);
      if (index === undefined) {
        index = values.push(value) - 1;
        indexOf.set(value, index);
      }
      return [token(index), `$${index}`];
    }
    if (value === null || typeof value === 'number' || typeof value === 'boolean' || value === undefined) {
      return [value, String(value)];
    }
    if (Array.isArray(value)) {
      const parts = value.map((item) => walk(item));
      return [parts.map(([v]) => v), `[${parts.map(([, k]) => k).join(',')}]`];
    }
    if (typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype && !isValidElement(value)) {
      const entries = Object.entries(value).map(([key, v]) => [key, ...walk(v, key)] as const);
      return [
        Object.fromEntries(entries.map(([key, v]) => [key, v])),
        `{${entries.map(([key, , k]) => `${JSON.stringify(key)}:${k}`).join(',')}}`,
      ];
    }
    tokenisable = false;
    return [value, '?'];
  };
  const [tokenised, key] = walk(props);
  return tokenisable ? { props: tokenised, values, key } : undefined;
}

/** html-to-text writes a run of whitespace in text as one space; so does the filled text. */
const collapseWhitespace = (value: string) => value.replace(/[ \t\r\n\f\u200b]+/g, ' ');

function fill(stencil: string, values: string[], escape: (value: string) => string): string {
  return stencil.replace(TOKEN, (_, index: string) => escape(values[Number(index)] ?? ''));
}

export function createEmailRenderer(maxShapes = MAX_SHAPES_PER_TEMPLATE) {
  const shapes = new Map<unknown, Map<string, Promise<Shape>>>();

  const shapeOf = async (body: ReactElement, tokenised: unknown, count: number): Promise<Shape> => {
    const { html, text } = await renderInFull(createElement(body.type, tokenised as object));
    for (let index = 0; index < count; index += 1) {
      if (!html.includes(token(index))) return 'render in full';
    }
    return { html, text };
  };

  return async function renderEmail(body: ReactElement): Promise<RenderedEmail> {
    const tokenised = tokenise(body.props);
    if (!tokenised) return renderInFull(body);
    const ofTemplate = shapes.get(body.type) ?? new Map<string, Promise<Shape>>();
    shapes.set(body.type, ofTemplate);
    let shape = ofTemplate.get(tokenised.key);
    if (!shape) {
      shape = shapeOf(body, tokenised.props, tokenised.values.length);
      // A failed render is not kept: the next e-mail of this shape tries again.
      shape.catch(() => ofTemplate.delete(tokenised.key));
      ofTemplate.set(tokenised.key, shape);
      const oldest = ofTemplate.keys().next();
      if (ofTemplate.size > maxShapes && !oldest.done) ofTemplate.delete(oldest.value);
    }
    const ready = await shape;
    if (ready === 'render in full') return renderInFull(body);
    return {
      html: fill(ready.html, tokenised.values, escapeHtml),
      text: fill(ready.text, tokenised.values, collapseWhitespace),
    };
  };
}
