import { randomUUID } from 'node:crypto';
import { ApiError, textMessages, urlMessages } from '@pillars/contracts';
import { adminNewsMessages } from '@pillars/contracts/admin';
import { donations, events, membershipApplications, memberships, newsArticles } from '@pillars/platform/db';
import { flushOutboxMarks } from '@pillars/platform/jobs';
import { useTestDatabase } from '@pillars/testing/test-database';
import { count } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { asAdmin, createTestAdmin, signIn } from '../test/admin-session';
import { testApp, useAppInfra } from '../test/test-app';
import { requestBodyMessages } from './request-body';
import { donationBody } from '../test/donation-body';

// What a request's text may be (docs/decisions/028): UTF-8 JSON only, no invalid bytes, no
// invisible or invalid characters in names, no script or data addresses; refused with a message
// naming the field, and nothing stored.
const database = await useTestDatabase();
const { db } = database;
const infra = await useAppInfra(database);
const app = testApp(database, infra);
afterAll(() => flushOutboxMarks(db));

const rowsOf = async () => ({
  donations: (await db.select({ n: count() }).from(donations))[0]?.n,
  memberships: (await db.select({ n: count() }).from(memberships))[0]?.n,
  membershipApplications: (await db.select({ n: count() }).from(membershipApplications))[0]?.n,
  events: (await db.select({ n: count() }).from(events))[0]?.n,
  news: (await db.select({ n: count() }).from(newsArticles))[0]?.n,
});

const application = () => ({
  firstName: 'Abigail',
  lastName: 'Adams',
  email: `abigail+${randomUUID().slice(0, 8)}@example.org`,
  message: 'Glad to join.',
});

/** A JSON text with the placeholder "@@" replaced by raw bytes, as a client with a broken encoder sends it. */
function withBytes(body: object, bytes: number[]): Uint8Array {
  const [before, after] = JSON.stringify(body).split('@@') as [string, string];
  const encoder = new TextEncoder();
  return new Uint8Array([...encoder.encode(before), ...bytes, ...encoder.encode(after)]);
}

const send = (path: string, body: RequestInit['body'], contentType = 'application/json') =>
  app.request(path, { method: 'POST', headers: { 'content-type': contentType }, body });

const invalid = (field: string) => textMessages.invalidCharacters(field);

describe('charset', () => {
  it.each(['utf-16', 'UTF-16LE', 'iso-8859-1', 'windows-1252', '"utf-16"', 'utf8', ''])(
    'refuses JSON declared as charset=%s with 415 and stores nothing',
    async (charset) => {
      const before = await rowsOf();
      const res = await send('/api/donations', JSON.stringify(donationBody()), `application/json; charset=${charset}`);
      expect(res.status).toBe(415);
      expect(ApiError.parse(await res.json())).toEqual({
        error: requestBodyMessages.notUtf8,
        code: 'UNSUPPORTED_MEDIA_TYPE',
      });
      expect(await rowsOf()).toEqual(before);
    },
  );

  it('refuses a UTF-16 body declared as such, which once was read as UTF-8', async () => {
    const before = await rowsOf();
    const utf16 = Buffer.from(JSON.stringify(donationBody()), 'utf16le');
    const res = await send('/api/donations', utf16, 'application/json; charset=utf-16');
    expect(res.status).toBe(415);
    expect(await rowsOf()).toEqual(before);
  });

  it.each([
    'application/json',
    'application/json; charset=utf-8',
    'application/json;charset=UTF-8',
    'Application/JSON; Charset="Utf-8"',
  ])('accepts %s', async (contentType) => {
    const res = await send('/api/donations', JSON.stringify(donationBody()), contentType);
    expect(res.status).toBe(202);
  });
});

describe('bytes that are not UTF-8', () => {
  it.each([
    ['a lone continuation byte', [0x80]],
    ['a truncated sequence', [0xc3]],
    ['an overlong slash', [0xc0, 0xaf]],
    ['an encoded surrogate (CESU-8)', [0xed, 0xa0, 0x80]],
    ['a byte UTF-8 never uses', [0xff]],
  ])('in a name (%s): 400 naming the field, nothing stored', async (_, bytes) => {
    const before = await rowsOf();
    const res = await send('/api/donations', withBytes({ ...donationBody(), firstName: 'Mar@@tha' }, bytes));
    expect(res.status).toBe(400);
    expect(ApiError.parse(await res.json())).toEqual({
      error: invalid('First name'),
      code: 'INVALID_DATA',
      issues: [{ path: ['firstName'], message: invalid('First name') }],
    });
    expect(await rowsOf()).toEqual(before);
  });

  it('in a multi-line message: 400 naming the field, nothing stored', async () => {
    const before = await rowsOf();
    const res = await send(
      '/api/memberships',
      withBytes({ ...application(), message: 'Glad@@ to join' }, [0xe2, 0x82]),
    );
    expect(res.status).toBe(400);
    const answer = ApiError.parse(await res.json());
    expect([answer.error, answer.issues?.[0]?.path]).toEqual([invalid('Message'), ['message']]);
    expect(await rowsOf()).toEqual(before);
  });

  it('in a key the contract does not know: still refused, naming where', async () => {
    const before = await rowsOf();
    const res = await send('/api/memberships', withBytes({ ...application(), 'note@@': 'x' }, [0xff]));
    expect(res.status).toBe(400);
    expect(ApiError.parse(await res.json()).error).toBe(requestBodyMessages.invalidUtf8At(['note\ufffd']));
    expect(await rowsOf()).toEqual(before);
  });

  it('outside any string: 400', async () => {
    const res = await send('/api/memberships', new Uint8Array([0x7b, 0xff, 0x7d]));
    expect(res.status).toBe(400);
    expect(ApiError.parse(await res.json()).error).toBe(requestBodyMessages.invalidUtf8);
  });

  it('keeps valid multi-byte text, characters beyond the first plane included', async () => {
    const res = await send('/api/memberships', JSON.stringify({ ...application(), firstName: 'Zoë 山田 😀' }));
    expect(res.status).toBe(201);
  });
});

describe('characters that are not text, sent as JSON escapes', () => {
  it.each([
    ['a lone surrogate', '"Mar\\ud800tha"', invalid('First name')],
    ['a noncharacter', '"Mar\\uffffha"', invalid('First name')],
    ['a replacement character', '"Mar\\ufffdtha"', invalid('First name')],
    ['a right-to-left override', '"Mar\\u202etha"', textMessages.invisibleCharacters('First name')],
    ['a zero-width space', '"Mar\\u200btha"', textMessages.invisibleCharacters('First name')],
    ['a byte-order mark inside it', '"Mar\\ufefftha"', textMessages.invisibleCharacters('First name')],
  ])('refuses %s in a name with a message naming it', async (_, json, message) => {
    const before = await rowsOf();
    const body = JSON.stringify({ ...donationBody(), firstName: '@@' }).replace('"@@"', json);
    const res = await send('/api/donations', body);
    expect(res.status).toBe(400);
    expect(ApiError.parse(await res.json())).toEqual({
      error: message,
      code: 'INVALID_DATA',
      issues: [{ path: ['firstName'], message }],
    });
    expect(await rowsOf()).toEqual(before);
  });
});

describe('addresses an admin enters', () => {
  const event = {
    title: 'Town meeting',
    location: 'Town Hall',
    startDate: '2030-01-05T18:00:00.000Z',
    endDate: '2030-01-05T20:00:00.000Z',
    imageAlt: 'The hall',
  };
  const article = { title: 'News', excerpt: 'Short.', content: 'Long.', imageAlt: 'A picture', status: 'draft' };

  it.each(['javascript:alert(document.cookie)', 'data:image/svg+xml,<svg onload=alert(1)>', '//evil.example/a.png'])(
    'refuses %s as an image address of an event or an article, storing nothing',
    async (imageUrl) => {
      const cookie = await signIn(app, await createTestAdmin(db));
      const before = await rowsOf();
      const post = (path: string, body: object) =>
        app.request(path, { method: 'POST', headers: asAdmin(cookie), body: JSON.stringify(body) });
      const savedEvent = await post('/api/admin/events', { ...event, imageUrl });
      expect(savedEvent.status).toBe(400);
      expect(ApiError.parse(await savedEvent.json()).issues).toEqual([
        { path: ['imageUrl'], message: urlMessages.invalid('The image address') },
      ]);
      const savedArticle = await post('/api/admin/news', { ...article, imageUrl });
      expect(savedArticle.status).toBe(400);
      expect(ApiError.parse(await savedArticle.json()).issues).toEqual([
        { path: ['imageUrl'], message: adminNewsMessages.imageUrlInvalid },
      ]);
      expect(await rowsOf()).toEqual(before);
    },
  );

  it('stores an event whose image is an upload of this site', async () => {
    const cookie = await signIn(app, await createTestAdmin(db));
    const res = await app.request('/api/admin/events', {
      method: 'POST',
      headers: asAdmin(cookie),
      body: JSON.stringify({ ...event, imageUrl: '/media/6f1c1c53-5d84-4f6e-9a4b-3f5b8d0f1a2b/1600x900.webp' }),
    });
    expect(res.status).toBe(201);
  });
});
