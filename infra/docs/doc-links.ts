import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { posix } from 'node:path';

/**
 * A doc link or path that must exist. The docs and the code's comments point readers at files
 * and decision records; a pointer to something moved or merged away sends them nowhere, so the
 * doc-link test fails on each one, naming the file and line that holds it.
 */
export interface Reference {
  /** The file that holds the reference, relative to the repository root. */
  file: string;
  line: number;
  /** The path as written (a link's target, a backticked path, a cited record). */
  target: string;
  /** The repository path it leads to: a file, a folder, or a pattern (`*`, `<name>`, `…`). */
  resolved: string;
  kind: 'link' | 'path' | 'decision';
}

/** What the repository holds: tracked files (and new ones not ignored), minus those deleted. */
export interface RepoFiles {
  files: ReadonlySet<string>;
  folders: ReadonlySet<string>;
  /** The decision records by number, each with whether its status says it was superseded. */
  decisions: ReadonlyMap<string, { file: string; superseded: boolean }[]>;
}

export const DECISIONS_DIR = 'docs/decisions/';

/** The doc-link test's own examples name records and paths that do not exist, on purpose. */
const OWN_EXAMPLES = 'infra/docs/doc-links.test.ts';

/** Files a source comment cites decision records from. */
const SOURCE_FILE = /\.(ts|tsx|js|mjs|cjs|sql|graphql|ya?ml)$|^\.env\.example$/;

function git(root: string, args: string[]): string[] {
  return execFileSync('git', args, { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })
    .split('\0')
    .filter((name) => name !== '');
}

/** The repository's files as git sees them, so nothing untracked or generated counts (fast: no walk). */
export function repoFiles(root: string): RepoFiles {
  const deleted = new Set(git(root, ['ls-files', '-z', '--deleted']));
  const files = new Set(
    git(root, ['ls-files', '-z', '--cached', '--others', '--exclude-standard']).filter((f) => !deleted.has(f)),
  );
  const folders = new Set<string>();
  for (const file of files) {
    for (let at = file.indexOf('/'); at !== -1; at = file.indexOf('/', at + 1)) folders.add(file.slice(0, at));
  }
  const decisions = new Map<string, { file: string; superseded: boolean }[]>();
  for (const file of files) {
    const number = /^docs\/decisions\/(\d{3})-[^/]*\.md$/.exec(file)?.[1];
    if (!number) continue;
    const status = readFileSync(posix.join(root, file), 'utf8').split('\n', 4).join('\n');
    const entry = { file, superseded: /Status:\s*superseded by/i.test(status) };
    decisions.set(number, [...(decisions.get(number) ?? []), entry]);
  }
  return { files, folders, decisions };
}

/** Paths a git ignore rule covers: build output and local data, which no commit holds. */
export function ignoredPaths(root: string, paths: string[]): Set<string> {
  if (paths.length === 0) return new Set();
  // A folder-only rule (`dist/`) matches a path that is not on disk only when written as a folder.
  const asked = paths.flatMap((p) => [p, `${p}/`]);
  try {
    const out = execFileSync('git', ['check-ignore', '--no-index', '--stdin', '-z'], {
      cwd: root,
      input: asked.join('\0'),
      encoding: 'utf8',
    });
    return new Set(
      out
        .split('\0')
        .filter((p) => p !== '')
        .map((p) => p.replace(/\/$/, '')),
    );
  } catch (error) {
    // git check-ignore exits 1 when no path is ignored.
    if ((error as { status?: number }).status === 1) return new Set();
    throw error;
  }
}

/** Lines of a markdown text with fenced code blocks blanked, so examples are not read as links. */
function proseLines(text: string): string[] {
  let fence: string | undefined;
  return text.split('\n').map((line) => {
    const opener = /^\s*(```+|~~~+)/.exec(line)?.[1];
    if (fence !== undefined) {
      if (opener && opener[0] === fence[0] && opener.length >= fence.length) fence = undefined;
      return '';
    }
    if (opener) {
      fence = opener;
      return '';
    }
    return line;
  });
}

const INLINE_CODE = /(`+)([^`]+?)\1(?!`)/g;
const LINK = /!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g;
const LINK_DEFINITION = /^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/;

/** A link's target leaves the repository (a URL, an e-mail) or stays on the page (an anchor). */
function isExternal(target: string): boolean {
  return /^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('#') || target.startsWith('//');
}

function withoutSuffix(target: string): string {
  return target.replace(/[#?].*$/, '').replace(/:\d+(:\d+)?$/, '');
}

/**
 * A backticked text that names a path of this repository: no spaces, a `/`, and a first folder
 * the repository has at its top (`api/src/app.ts`, `shared/money/src/`, `docs/decisions/0*.md`).
 */
export function repoPathIn(code: string, topFolders: ReadonlySet<string>): string | undefined {
  const text = withoutSuffix(code.trim());
  if (!/^[\w.@<>{}*…-]+(\/[\w.@<>{}*…[\]-]*)+$/.test(text)) return undefined;
  const top = text.slice(0, text.indexOf('/'));
  return topFolders.has(top) ? text.replace(/\/$/, '') : undefined;
}

/** Each relative link and each backticked repository path of a markdown file. */
export function markdownReferences(file: string, text: string, topFolders: ReadonlySet<string>): Reference[] {
  const references: Reference[] = [];
  const dir = posix.dirname(file);
  proseLines(text).forEach((raw, index) => {
    const line = index + 1;
    for (const [, , code = ''] of raw.matchAll(INLINE_CODE)) {
      const path = repoPathIn(code, topFolders);
      if (path) references.push({ file, line, target: code, resolved: path, kind: 'path' });
    }
    const prose = raw.replace(INLINE_CODE, (span) => ' '.repeat(span.length));
    const targets = [...prose.matchAll(LINK)].flatMap((m) => (m[1] ? [m[1]] : []));
    const definition = LINK_DEFINITION.exec(prose)?.[1];
    if (definition) targets.push(definition);
    for (const target of targets) {
      if (isExternal(target)) continue;
      const path = decodeURI(withoutSuffix(target));
      if (path === '') continue;
      const resolved = path.startsWith('/') ? posix.normalize(path.slice(1)) : posix.join(dir, path);
      references.push({ file, line, target, resolved: resolved.replace(/\/$/, ''), kind: 'link' });
    }
  });
  return references;
}

/**
 * Decision records a text cites: `docs/decisions/019`, `docs/decisions/006-queue-backends.md`,
 * `ADR 007`, `decision 010`, with the numbers listed after one (`docs/decisions/015, 040`,
 * `ADR 007 and 010`).
 */
export function decisionCitations(file: string, text: string): Reference[] {
  const references: Reference[] = [];
  const citation =
    /(?:\bdocs\/decisions\/|\b(?:ADRs?|[Dd]ecisions?)\s+)(\d{3})\b((?:-[\w.-]*[\w])?)((?:\s*(?:,|and|&)\s*\d{3}\b)*)/g;
  text.split('\n').forEach((raw, index) => {
    for (const match of raw.matchAll(citation)) {
      const [whole, number, slug, more] = match as unknown as [string, string, string, string];
      const resolved = slug ? `${DECISIONS_DIR}${number}${slug}` : `${DECISIONS_DIR}${number}`;
      references.push({ file, line: index + 1, target: whole.trim(), resolved, kind: 'decision' });
      for (const [other] of more.matchAll(/\d{3}/g)) {
        references.push({
          file,
          line: index + 1,
          target: other,
          resolved: `${DECISIONS_DIR}${other}`,
          kind: 'decision',
        });
      }
    }
  });
  return references;
}

/** A path with a wildcard or a placeholder (`*`, `<name>`, `{name}`, `…`, `NNN` for a record's number), as a pattern. */
function patternOf(path: string): RegExp | undefined {
  if (!/[*<{…]|\.\.\.|NNN/.test(path)) return undefined;
  const source = path
    .split(/(\*\*|\*|<[^>/]*>|\{[^}/]*\}|…|\.\.\.|NNN)/)
    .map((part, i) => {
      if (i % 2 === 0) return part.replace(/[.+?^$()[\]\\|]/g, '\\$&');
      if (part === '**' || part === '…' || part === '...') return '.*';
      if (part === 'NNN') return '\\d{3}';
      return '[^/]*';
    })
    .join('');
  return new RegExp(`^${source}/?$`);
}

/** Why a reference leads nowhere, or undefined when it leads somewhere. */
export function problemOf(reference: Reference, repo: RepoFiles): string | undefined {
  const { resolved } = reference;
  if (resolved.startsWith('..')) return 'leads outside the repository';
  if (reference.kind === 'decision') {
    const number = resolved.slice(DECISIONS_DIR.length, DECISIONS_DIR.length + 3);
    const records = repo.decisions.get(number) ?? [];
    const named = resolved.length > DECISIONS_DIR.length + 3 ? records.filter((r) => r.file === resolved) : records;
    if (named.length === 0) return records.length === 0 ? 'no such decision record' : 'no such file';
    // Records may tell their history, and a migration is never edited once released.
    const history = reference.file.startsWith(DECISIONS_DIR) || reference.file.includes('/migrations/');
    if (!history && named.every((r) => r.superseded)) return 'cites a superseded record: cite the one that replaced it';
    return undefined;
  }
  if (repo.files.has(resolved) || repo.folders.has(resolved)) return undefined;
  const pattern = patternOf(resolved);
  if (pattern) {
    for (const path of repo.files) if (pattern.test(path)) return undefined;
    for (const path of repo.folders) if (pattern.test(path)) return undefined;
  }
  return 'no such file or folder';
}

export interface Miss {
  reference: Reference;
  problem: string;
}

/** Every reference of the repository's docs and sources that leads nowhere. */
export function missingReferences(root: string): Miss[] {
  const repo = repoFiles(root);
  const topFolders = new Set([...repo.folders].filter((f) => !f.includes('/')));
  const references: Reference[] = [];
  for (const file of [...repo.files].sort()) {
    const markdown = file.endsWith('.md');
    if (file === OWN_EXAMPLES || (!markdown && !SOURCE_FILE.test(posix.basename(file)))) continue;
    const text = readFileSync(posix.join(root, file), 'utf8');
    if (markdown) references.push(...markdownReferences(file, text, topFolders));
    references.push(...decisionCitations(file, text));
  }
  const misses = references.flatMap((reference) => {
    const problem = problemOf(reference, repo);
    return problem ? [{ reference, problem }] : [];
  });
  // A path a git ignore rule covers is build output or local data (`web/dist`, `.data/`), made by a
  // command, never committed: naming it is not a broken pointer.
  const ignored = ignoredPaths(
    root,
    misses.filter((m) => m.reference.kind !== 'decision').map((m) => m.reference.resolved),
  );
  return misses.filter((m) => !ignored.has(m.reference.resolved));
}

export function describeMiss({ reference, problem }: Miss): string {
  return `${reference.file}:${reference.line}: ${reference.kind} \`${reference.target}\` (${problem})`;
}
