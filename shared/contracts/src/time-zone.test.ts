import { describe, expect, it } from 'vitest';
import { ContributorsExportQuery } from './admin-contributors';
import { DepositExportQuery } from './admin-deposits';

// Both exports read the admin's zone with the one TimeZone schema: the same names pass, the same message refuses.
describe.each([
  ['contributors', ContributorsExportQuery],
  ['deposits', DepositExportQuery],
])('the %s export query time zone', (_name, Query) => {
  it('keeps a known IANA zone and may be left out', () => {
    expect(Query.parse({ timeZone: 'America/New_York' }).timeZone).toBe('America/New_York');
    expect(Query.parse({}).timeZone).toBeUndefined();
  });
  it('refuses an unknown zone with one clear message', () => {
    const result = Query.safeParse({ timeZone: 'Mars/Olympus' });
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['timeZone', 'Expected an IANA time zone, such as America/New_York'],
    ]);
  });
  it('refuses a name longer than any zone', () => {
    const result = Query.safeParse({ timeZone: 'A'.repeat(65) });
    expect(result.error?.issues[0]?.path).toEqual(['timeZone']);
    expect(result.error?.issues[0]?.code).toBe('too_big');
  });
});
