import { execFile, execFileSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { repoRoot } from '../dataDir.ts';

// Lighthouse 13 needs Node >= 22.19. It runs in a child process with such a Node: the project's own
// (node_modules/.bin/node, from the `node` package) or the one running the bench; never a download.

const MIN = [22, 19];

function versionOf(bin: string): number[] | undefined {
  try {
    return execFileSync(bin, ['--version'], { encoding: 'utf8' }).trim().replace(/^v/, '').split('.').map(Number);
  } catch {
    return undefined;
  }
}

const newEnough = (v: number[] | undefined) => v !== undefined && (v[0] > MIN[0] || (v[0] === MIN[0] && v[1] >= MIN[1]));

/** A Node binary that can run Lighthouse, or undefined. */
export function lighthouseNode(): string | undefined {
  for (const bin of [join(repoRoot, 'node_modules', '.bin', 'node'), process.execPath]) {
    if (existsSync(bin) && newEnough(versionOf(bin))) return bin;
  }
  return undefined;
}

export interface LighthouseScores {
  /** Only with `mobile`: the performance score (Lighthouse's mobile emulation and throttling). */
  performance?: number;
  accessibility: number;
  bestPractices: number;
  /** Audits of the two categories that did not pass, by id. */
  failed: string[];
  /** Only with `mobile`: the metrics the performance score is made of, as Lighthouse prints them. */
  metrics?: string;
}

const METRICS: Record<string, string> = {
  'first-contentful-paint': 'FCP',
  'largest-contentful-paint': 'LCP',
  'total-blocking-time': 'TBT',
  'cumulative-layout-shift': 'CLS',
  'speed-index': 'SI',
};

interface LighthouseReport {
  categories: Record<string, { score: number | null; auditRefs: { id: string; weight: number }[] } | undefined>;
  audits: Record<string, { score: number | null; scoreDisplayMode: string; displayValue?: string }>;
}

/**
 * Runs Lighthouse's accessibility and best-practices categories (desktop) on a page, in the Chromium
 * that listens on `port`, keeping that browser's storage (a signed-in session stays signed in).
 */
export function runLighthouse(node: string, url: string, port: number, options: { mobile?: boolean } = {}): Promise<LighthouseScores> {
  const cli = join(dirname(createRequire(import.meta.url).resolve('lighthouse/package.json')), 'cli', 'index.js');
  const args = [
    cli,
    url,
    `--port=${port}`,
    '--hostname=127.0.0.1',
    // Mobile (Lighthouse's default form factor) also measures performance: the visitor site's budget.
    ...(options.mobile
      ? ['--only-categories=performance,accessibility,best-practices']
      : ['--only-categories=accessibility,best-practices', '--preset=desktop']),
    '--disable-storage-reset',
    '--no-enable-error-reporting',
    '--output=json',
    '--output-path=stdout',
    '--quiet',
  ];
  return new Promise((resolve, reject) => {
    execFile(node, args, { cwd: repoRoot, maxBuffer: 256 * 1024 * 1024, timeout: 180_000 }, (error, stdout, stderr) => {
      if (error) return reject(new Error(`lighthouse failed: ${error.message}\n${stderr}`));
      const report = JSON.parse(stdout) as LighthouseReport;
      // BENCH_LIGHTHOUSE_REPORTS=<folder>: each report kept whole, for what the figures do not say (long tasks, scripts' CPU time).
      const keep = process.env.BENCH_LIGHTHOUSE_REPORTS;
      if (keep) writeFileSync(join(keep, `${new URL(url).pathname.replace(/\W+/g, '_')}${options.mobile ? '.mobile' : ''}.${Date.now()}.json`), stdout);
      const failed = ['accessibility', 'best-practices'].flatMap((key) =>
        report.categories[key]!.auditRefs.filter(
          (ref) => ref.weight > 0 && report.audits[ref.id].scoreDisplayMode !== 'notApplicable' && (report.audits[ref.id].score ?? 1) < 1,
        ).map((ref) => ref.id),
      );
      const score = (key: string) => Math.round((report.categories[key]?.score ?? 0) * 100);
      resolve({
        ...(options.mobile
          ? {
              performance: score('performance'),
              metrics: Object.entries(METRICS)
                .map(([id, name]) => `${name} ${report.audits[id]?.displayValue ?? '?'}`)
                .join(', '),
            }
          : {}),
        accessibility: score('accessibility'),
        bestPractices: score('best-practices'),
        failed,
      });
    });
  });
}
