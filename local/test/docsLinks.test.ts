import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * The docs name files and headings; this test holds them to what exists (issue 38).
 *
 * Which docs: README.md (and README.next.md while it is being written), every Markdown file under docs/, and every
 * README.md of a feature or app folder under contracts/, functions/, web/, local/ and e2e/ (node_modules and dist
 * left out). infra/README.md is infra's own page and is not held here.
 *
 * What is checked, outside fenced code blocks:
 * - every relative Markdown link `[text](target)`: the file or folder exists (relative to the doc's folder, as
 *   GitHub resolves it; a leading '/' is the repository root), and a `#heading` in it (or in the doc itself) is a
 *   heading there, slugged by GitHub's rules. Links with a scheme (https:, mailto:) are not checked.
 * - every backticked text that looks like a repository path: it contains a '/' or ends in a known extension.
 *   It must exist relative to the repository root, the doc's folder, or the `src/` folder the doc is in (so a
 *   feature README may write `platform/http/route.ts` as the code imports it); a module path may leave out its
 *   extension (.ts, .tsx, .mjs, .js).
 *   Not paths, so not checked: text with whitespace or any of < > { } * ? $ = : | , ( ) … ' " (routes with
 *   parameters, URLs, headers, globs, placeholders, commands); text starting with '/' (an address the app
 *   serves, as `/config.json`), '@' (an npm package), '-' or '~'; a route template (`v1/…`); a MIME type
 *   (`text/plain`); and anything under a folder made at run time or by a build (.data, dist, node_modules,
 *   .deploy, .test-results, chunks).
 *
 * And docs/performance.md's figures: the table states 'Measured YYYY-MM-DD on …'; it fails when that day is
 * before the day of the last commit touching local/src/bench (same day counts as current). Without git, or in a
 * shallow clone, only that check is skipped, saying why.
 */

const root = join(import.meta.dirname, '..', '..');
const extensions = ['ts', 'tsx', 'mts', 'cts', 'mjs', 'cjs', 'js', 'json', 'jsonc', 'md', 'yml', 'yaml', 'css', 'html', 'svg', 'sh', 'toml', 'txt'];
const knownExtension = new RegExp(`\\.(${extensions.join('|')})$`);
const generatedSegments = new Set(['.data', 'dist', 'node_modules', '.deploy', '.test-results', 'chunks']);
const featureRoots = ['contracts', 'functions', 'web', 'local', 'e2e'];
const skipDirs = new Set(['node_modules', 'dist', '.data', '.git', '.test-results']);

function walk(dir: string, found: string[] = []): string[] {
  if (!existsSync(dir)) return found;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (skipDirs.has(entry.name)) continue;
    const full = join(dir, entry.name);
    if (entry.isDirectory()) walk(full, found);
    else found.push(full);
  }
  return found;
}

/** The docs this test holds, as paths relative to the repository root with '/' separators. */
function docFiles(): string[] {
  const files = ['README.md', 'README.next.md'].filter((f) => existsSync(join(root, f)));
  files.push(
    ...walk(join(root, 'docs'))
      .filter((f) => f.endsWith('.md'))
      .map((f) => relative(root, f)),
  );
  for (const top of featureRoots)
    files.push(
      ...walk(join(root, top))
        .filter((f) => f.endsWith(`${sep}README.md`))
        .map((f) => relative(root, f)),
    );
  return files.map((f) => f.split(sep).join('/'));
}

/** The doc's lines outside fenced code blocks, with HTML comments blanked. */
function proseLines(text: string): string[] {
  const lines: string[] = [];
  let fence: string | null = null;
  for (const line of text.replace(/<!--[\s\S]*?-->/g, '').split('\n')) {
    const marker = /^\s*(```+|~~~+)/.exec(line)?.[1];
    if (marker) {
      if (fence === null) fence = marker[0];
      else if (marker[0] === fence) fence = null;
      lines.push('');
      continue;
    }
    lines.push(fence === null ? line : '');
  }
  return lines;
}

/** GitHub's heading ids: lower case, punctuation dropped (letters, marks, digits, '_', '-' and spaces stay), spaces to '-', repeats numbered. */
function headingSlugs(text: string): Set<string> {
  const slugs = new Set<string>();
  const seen = new Map<string, number>();
  for (const line of proseLines(text)) {
    const heading = /^ {0,3}#{1,6}\s+(.*?)\s*#*\s*$/.exec(line)?.[1];
    if (heading === undefined) continue;
    const plain = heading
      .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
      .replace(/<[^>]+>/g, '')
      .replace(/`/g, '');
    const base = plain
      .toLowerCase()
      .replace(/[^\p{L}\p{M}\p{N}\p{Pc}\- ]/gu, '')
      .replace(/ /g, '-');
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    slugs.add(count === 0 ? base : `${base}-${count}`);
  }
  return slugs;
}

function isFile(path: string): boolean {
  return existsSync(path) && statSync(path).isFile();
}

function resolveLink(doc: string, target: string): string {
  return target.startsWith('/') ? join(root, target) : join(root, dirname(doc), target);
}

/** Whether a backticked text is meant as a repository path (see the rules above). */
function looksLikePath(code: string): boolean {
  if (code.length < 3) return false;
  if (/[\s<>{}*?$=:|,()…'"]/.test(code) || code.includes('...')) return false;
  if (/^[/@\-~]/.test(code)) return false;
  if (/^v\d+\//.test(code)) return false;
  if (/^(text|application|image|video|audio|multipart|font)\/[\w.+-]+$/.test(code)) return false;
  if (code.split('/').some((segment) => generatedSegments.has(segment))) return false;
  return code.includes('/') || knownExtension.test(code);
}

function pathExists(doc: string, code: string): boolean {
  const bases = [root, join(root, dirname(doc))];
  const srcIndex = doc.split('/').lastIndexOf('src');
  if (srcIndex > 0) bases.push(join(root, ...doc.split('/').slice(0, srcIndex + 1)));
  const trimmed = code.replace(/\/$/, '');
  return bases.some((base) => ['', '.ts', '.tsx', '.mjs', '.js'].some((ext) => existsSync(join(base, trimmed + ext))));
}

/** Every problem of one doc: links to missing files or headings, backticked paths that do not exist. */
function problemsOf(doc: string, text: string): string[] {
  const problems: string[] = [];
  const lines = proseLines(text);
  lines.forEach((line, index) => {
    const where = `${doc}:${index + 1}`;
    const withoutCode = line.replace(/`[^`]*`/g, '``');
    for (const match of withoutCode.matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) {
      const target = match[1]!;
      if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('//')) continue;
      const [file = '', anchor] = target.split('#');
      if (file === '') {
        if (anchor && !headingSlugs(text).has(anchor.toLowerCase())) problems.push(`${where}: link to a missing heading: ${target}`);
        continue;
      }
      const targetPath = resolveLink(doc, decodeURIComponent(file));
      if (!existsSync(targetPath)) {
        problems.push(`${where}: link to a missing file: ${target}`);
        continue;
      }
      if (anchor && isFile(targetPath) && targetPath.endsWith('.md')) {
        if (!headingSlugs(readFileSync(targetPath, 'utf8')).has(anchor.toLowerCase())) problems.push(`${where}: link to a missing heading: ${target}`);
      }
    }
    for (const match of line.matchAll(/(`+)([^`]+?)\1/g)) {
      const code = match[2]!.trim();
      if (looksLikePath(code) && !pathExists(doc, code)) problems.push(`${where}: no such path: \`${code}\``);
    }
  });
  return problems;
}

function git(...args: string[]): { ok: boolean; out: string } {
  const result = spawnSync('git', args, { cwd: root, encoding: 'utf8' });
  return { ok: result.error === undefined && result.status === 0, out: (result.stdout ?? '').trim() };
}

describe('docs links and paths', () => {
  const docs = docFiles();

  it('finds the docs it holds', () => {
    expect(docs).toContain('README.md');
  });

  it.each(docs)('%s names only files and headings that exist', (doc) => {
    expect(problemsOf(doc, readFileSync(join(root, doc), 'utf8'))).toEqual([]);
  });

  it('slugs headings as GitHub does', () => {
    const slugs = headingSlugs('# Seat letters: button → queue → function → Graph\n## `npm test` (CI)\n## Tests\n## Tests\n```\n# not a heading\n```\n');
    expect([...slugs]).toEqual(['seat-letters-button--queue--function--graph', 'npm-test-ci', 'tests', 'tests-1']);
  });

  it('reports a missing file, a missing heading and a missing path, and nothing in a code block', () => {
    const text = [
      '# Title',
      'See [testing](testing.md#no-such-heading), [gone](gone.md), [here](#title) and [out](https://example.com/x.md).',
      'The pipeline is `functions/src/platform/http/route.ts`, not `functions/src/platform/http/gone.ts`.',
      '```sh',
      'cat `not/checked.ts`',
      '```',
    ].join('\n');
    expect(problemsOf('docs/example.md', text)).toEqual([
      'docs/example.md:2: link to a missing heading: testing.md#no-such-heading',
      'docs/example.md:2: link to a missing file: gone.md',
      'docs/example.md:3: no such path: `functions/src/platform/http/gone.ts`',
    ]);
  });

  it('tells paths from routes, URLs and placeholders', () => {
    for (const path of ['functions/src/platform/http/route.ts', 'local.settings.example.json', 'web/src/visitor/', 'common/plain.css']) {
      expect(looksLikePath(path), path).toBe(true);
    }
    for (const other of [
      '/v1/clients/{id}',
      'https://127.0.0.1:9444/_local/mail',
      '<queue>-poison',
      '@azure/identity',
      'text/plain',
      '.data/cosmos.json',
      'v1/clients/{clientId}/archive',
      'npm test',
      'functions/src/**/*.ts',
      'dist/app.js',
    ]) {
      expect(looksLikePath(other), other).toBe(false);
    }
  });
});

describe('performance figures', () => {
  it('are no older than the bench', (ctx) => {
    const page = join(root, 'docs', 'performance.md');
    expect(existsSync(page), 'docs/performance.md holds the measured figures').toBe(true);
    const stated = /Measured (\d{4}-\d{2}-\d{2}) on /.exec(readFileSync(page, 'utf8'))?.[1];
    expect(stated, "docs/performance.md states its table's date as 'Measured YYYY-MM-DD on <machine>'").toBeDefined();
    const shallow = git('rev-parse', '--is-shallow-repository');
    if (!shallow.ok) {
      console.warn('docsLinks: git is not available here; the performance table is not compared with the bench');
      ctx.skip();
      return;
    }
    if (shallow.out === 'true') {
      console.warn('docsLinks: a shallow clone does not know when the bench last changed; the performance table is not compared with it');
      ctx.skip();
      return;
    }
    const benchChanged = git('log', '-1', '--format=%cI', '--', 'local/src/bench').out;
    if (benchChanged === '') {
      console.warn('docsLinks: no commit touches local/src/bench; nothing to compare the performance table with');
      ctx.skip();
      return;
    }
    const benchDay = new Date(benchChanged).toISOString().slice(0, 10);
    expect(
      stated! >= benchDay,
      `the figures (measured ${stated}) are older than the bench's last change (${benchChanged}): run npm run bench and update the table`,
    ).toBe(true);
  });
});
