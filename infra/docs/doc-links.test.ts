import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '@pillars/embedded/paths';
import {
  decisionCitations,
  describeMiss,
  markdownReferences,
  missingReferences,
  problemOf,
  repoPathIn,
  type RepoFiles,
} from './doc-links';

const TOP = new Set(['api', 'docs', 'shared', 'web']);

const REPO: RepoFiles = {
  files: new Set(['api/src/app.ts', 'docs/decisions/010-exactly-once.md', 'docs/decisions/016-accept.md', 'README.md']),
  folders: new Set(['api', 'api/src', 'docs', 'docs/decisions']),
  decisions: new Map([
    ['010', [{ file: 'docs/decisions/010-exactly-once.md', superseded: false }]],
    ['016', [{ file: 'docs/decisions/016-accept.md', superseded: true }]],
  ]),
};

describe('what the doc-link test reads as a reference', () => {
  it('takes relative links and repository paths in backticks, not URLs, anchors or code blocks', () => {
    const text = [
      'See [the app](../api/src/app.ts#L3), [a site](https://example.org) and [above](#top).',
      'The ledger is `shared/money/src/ledger.ts`; run `npm start`; the key is `pay_<id>`.',
      '```sh',
      'cat [x](missing.md) `api/src/gone.ts`',
      '```',
      '[ref]: ./guide.md',
    ].join('\n');
    expect(markdownReferences('docs/glossary.md', text, TOP).map((r) => [r.line, r.kind, r.resolved])).toEqual([
      [1, 'link', 'api/src/app.ts'],
      [2, 'path', 'shared/money/src/ledger.ts'],
      [6, 'link', 'docs/guide.md'],
    ]);
  });

  it('reads a backticked text as a path only when it starts at a top folder and has no spaces', () => {
    expect(repoPathIn('api/src/app.ts:12', TOP)).toBe('api/src/app.ts');
    expect(repoPathIn('docs/decisions/', TOP)).toBe('docs/decisions');
    expect(repoPathIn('@pillars/money', TOP)).toBeUndefined();
    expect(repoPathIn('GET /api/news/{slug}', TOP)).toBeUndefined();
    expect(repoPathIn('node_modules/x', TOP)).toBeUndefined();
  });

  it('finds decision records cited by path, by number and in lists', () => {
    const text =
      '// (docs/decisions/015, 040) and ADR 007 and 010;\n/* docs/decisions/006-queue-backends.md, a decision 2026 took */';
    expect(decisionCitations('api/src/x.ts', text).map((r) => [r.line, r.resolved])).toEqual([
      [1, 'docs/decisions/015'],
      [1, 'docs/decisions/040'],
      [1, 'docs/decisions/007'],
      [1, 'docs/decisions/010'],
      [2, 'docs/decisions/006-queue-backends.md'],
    ]);
  });

  it('says why a reference leads nowhere', () => {
    const at = (resolved: string, kind: 'link' | 'path' | 'decision' = 'path', file = 'README.md') =>
      problemOf({ file, line: 1, target: resolved, resolved, kind }, REPO);
    expect(at('api/src/app.ts')).toBeUndefined();
    expect(at('api/src')).toBeUndefined();
    expect(at('api/src/*.ts')).toBeUndefined();
    expect(at('api/src/<name>.ts')).toBeUndefined();
    expect(at('docs/decisions/NNN-*.md')).toBeUndefined();
    expect(at('docs/decisions/NNN-*.txt')).toBe('no such file or folder');
    expect(at('api/src/gone.ts')).toBe('no such file or folder');
    expect(at('../outside.md', 'link')).toBe('leads outside the repository');
    expect(at('docs/decisions/010', 'decision')).toBeUndefined();
    expect(at('docs/decisions/010-other.md', 'decision')).toBe('no such file');
    expect(at('docs/decisions/099', 'decision')).toBe('no such decision record');
    expect(at('docs/decisions/016', 'decision')).toBe('cites a superseded record: cite the one that replaced it');
    expect(at('docs/decisions/016', 'decision', 'docs/decisions/010-exactly-once.md')).toBeUndefined();
    expect(at('docs/decisions/016', 'decision', 'shared/src/db/migrations/0012_x.sql')).toBeUndefined();
  });
});

describe('the repository', () => {
  it('has no doc link, backticked path or cited decision record that leads nowhere', () => {
    expect(missingReferences(REPO_ROOT).map(describeMiss)).toEqual([]);
  });
});
