// npm test: every check of the project, in one run. Exits non-zero if any step fails; the last line
// says how many tests passed and failed in all.
import { execFileSync } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { ensureInstalled, ensureNode, root, run, trustedEnv } from './node-env.mjs';
import { workspaces } from './typecheck.mjs';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// The visitor site's smoke journey in a second engine (e2e/tests/firefox.test.ts): Debian's Firefox ESR.
const firefox = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';
const results = join(root, '.test-results');
rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });

function ensureChromium() {
  if (existsSync(chromium)) return;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  // apt installs Debian's chromium at /usr/bin/chromium only: a CHROMIUM_PATH elsewhere (e.g. the runner's
  // /usr/bin/google-chrome) that is missing is a wrong setting, which installing would not fix.
  if (!isRoot || process.env.CHROMIUM_PATH) {
    console.error(
      `Chromium is missing at ${chromium}. Install Debian's chromium package (sudo apt-get install -y chromium), or set CHROMIUM_PATH to Chromium or Google Chrome.`,
    );
    process.exit(1);
  }
  console.log('installing Debian chromium for the browser tests…');
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
  execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
}

function ensureFirefox() {
  if (existsSync(firefox)) return;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot || process.env.FIREFOX_PATH) {
    console.error(
      `Firefox is missing at ${firefox}. Install Debian's firefox-esr package (sudo apt-get install -y firefox-esr), or set FIREFOX_PATH to a Firefox.`,
    );
    process.exit(1);
  }
  console.log('installing Debian firefox-esr for the visitor smoke journey…');
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
  execFileSync('apt-get', ['install', '-y', '-qq', 'firefox-esr'], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
}

const steps = [];
async function step(name, command, args, options) {
  const started = Date.now();
  console.log(`\n▶ ${name}`);
  const code = await run(command, args, options);
  steps.push({ name, code, seconds: Math.round((Date.now() - started) / 1000) });
  return code;
}

ensureInstalled();
await ensureNode();
console.log(`Node ${process.version}`);
ensureChromium();
ensureFirefox();
const env = trustedEnv();
const vitest = (name, args) => [
  join(root, 'node_modules/vitest/vitest.mjs'),
  ['run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${join(results, `${name}.json`)}`],
];

await step('lint and format (biome ci: house rules and import boundaries)', join(root, 'node_modules/.bin/biome'), ['ci', '.']);
for (const project of workspaces) {
  await step(`type-check ${project}`, process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', `${project}/tsconfig.json`]);
}
// The API and browser tests are served by the Functions app as the deploy workflow ships it: the bundle
// laid out by the workflow's own package step in a folder with no node_modules anywhere above it.
await step('build functions', 'npm', ['run', 'build', '-w', 'functions']);
const functionsPackage = join(mkdtempSync(join(tmpdir(), 'movers-functions-')), 'package');
await step('package functions (as deployed)', process.execPath, [join(root, 'functions', 'package.mjs'), functionsPackage]);
env.FUNCTIONS_PACKAGE = functionsPackage;
// The unit tests (mostly CPU) run beside the API tests (mostly waiting on the stack they share, one file at a
// time): one after the other they took 9 minutes of a CI run on 2 cores. The unit tests' output is kept apart
// and printed once they end, so neither log is cut into the other.
const [bin, unitArgs] = vitest('unit', ['--project', 'unit']);
const unitLog = join(results, 'unit.log');
const unitOut = openSync(unitLog, 'w');
const unitTests = step('unit tests (beside the API tests; their output follows)', process.execPath, [bin, ...unitArgs], {
  env,
  stdio: ['ignore', unitOut, unitOut],
});
const [, apiArgs] = vitest('api', ['--project', 'api']);
await step('API tests (served by the package)', process.execPath, [bin, ...apiArgs], { env });
await unitTests;
closeSync(unitOut);
process.stdout.write(readFileSync(unitLog));
await step('build web', 'npm', ['run', 'build', '-w', 'web']);
const [, e2eArgs] = vitest('e2e', ['--config', 'e2e/vitest.config.ts']);
await step('browser tests (Chromium; the visitor smoke journey in Firefox ESR; served by the package)', process.execPath, [bin, ...e2eArgs], { env });
rmSync(dirname(functionsPackage), { recursive: true, force: true });
if (!existsSync(join(root, 'infra', 'node_modules', '@pulumi'))) {
  await step('install infra', 'npm', ['ci', '--prefix', 'infra', '--no-audit', '--no-fund', '--loglevel=warn']);
}
await step('infra tests', 'npm', [
  'test',
  '--prefix',
  'infra',
  '--',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${join(results, 'infra.json')}`,
]);

let passed = 0;
let failed = 0;
const failures = [];
for (const name of ['unit', 'api', 'e2e', 'infra']) {
  const file = join(results, `${name}.json`);
  if (!existsSync(file)) continue;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  for (const file of report.testResults) {
    for (const test of file.assertionResults) {
      if (test.status === 'failed') failures.push({ file: file.name.slice(root.length + 1), test });
    }
  }
}
// The failing tests again, last: a CI log is often read from its tail only.
if (failures.length > 0) console.log('\nfailed tests:');
for (const { file, test } of failures) {
  const reason = (test.failureMessages[0] ?? '').split('\n').slice(0, 3).join(' | ');
  console.log(`  ${file} > ${test.fullName}\n    ${reason.slice(0, 400)}`);
}
console.log('\nsteps:');
for (const s of steps) console.log(`  ${s.code === 0 ? 'ok  ' : 'FAIL'} ${s.name} (${s.seconds}s)`);
const failedSteps = steps.filter((s) => s.code !== 0).length;
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failedSteps > 0 || failed > 0 ? 1 : 0);
