import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { settings } from '../../functions/src/platform/config/settings.ts';
import { createInfrastructure } from '../src/program.ts';
import { environments } from '../src/names.ts';
import { runProgram, ofType } from './harness.ts';

/**
 * Fails when the Functions code reads a setting the infrastructure does not set: every name the code
 * reads must be in settings.ts, and every non-local-only name there must be set by the program.
 */
const functionsSrc = join(import.meta.dirname, '..', '..', 'functions', 'src');
const configDir = join(functionsSrc, 'platform', 'config') + sep;
const isTestFile = (file: string) => /\.(test|spec)\.tsx?$/.test(file) || file.split(sep).includes('__tests__');

function tsFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : tsFiles(path);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** readSetting('X'), requireSetting("X"), readNumberSetting('X', 1), ... */
const settingCall = /\b(?:read|require)[A-Za-z]*Setting\s*(?:<[^>]*>)?\(\s*(['"`])([A-Za-z0-9_]+)\1/g;
/** process.env.X, process.env['X'], process.env["X"] */
const envRead = /\bprocess\.env(?:\.([A-Za-z_][A-Za-z0-9_]*)|\[\s*(['"`])([A-Za-z0-9_]+)\2\s*\])/g;
const anyEnv = /\bprocess\.env\b/;

interface Read {
  name: string;
  file: string;
}

function scan() {
  const reads: Read[] = [];
  const envOutsideConfig: string[] = [];
  for (const file of tsFiles(functionsSrc)) {
    const text = readFileSync(file, 'utf8');
    const rel = relative(functionsSrc, file);
    for (const m of text.matchAll(settingCall)) reads.push({ name: m[2]!, file: rel });
    for (const m of text.matchAll(envRead)) reads.push({ name: (m[1] ?? m[3])!, file: rel });
    if (!file.startsWith(configDir) && !isTestFile(file) && anyEnv.test(text)) envOutsideConfig.push(rel);
  }
  return { reads, envOutsideConfig };
}

const known = new Map<string, (typeof settings)[number]>(settings.map((s) => [s.name, s]));
const isLocalOnly = (name: string) => {
  const s = known.get(name);
  return !!s && 'localOnly' in s && s.localOnly === true;
};

describe('settings read by the Functions code', () => {
  const { reads, envOutsideConfig } = scan();
  const setByEnv = new Map<string, Set<string>>();

  beforeAll(async () => {
    for (const env of environments) {
      const { resources } = await runProgram(env, () => createInfrastructure());
      const app = ofType(resources, 'web:WebApp')[0]!;
      setByEnv.set(env, new Set(app.inputs.siteConfig.appSettings.map((s: { name: string }) => s.name)));
    }
  });

  it('the scanner understands the call forms (self-check)', () => {
    const sample = `readSetting('A_1'); requireSetting("B"); readNumberSetting('C', 3); process.env.D; process.env['E']; process.env["F"]`;
    expect([...sample.matchAll(settingCall)].map((m) => m[2])).toEqual(['A_1', 'B', 'C']);
    expect([...sample.matchAll(envRead)].map((m) => m[1] ?? m[3])).toEqual(['D', 'E', 'F']);
  });

  it('reads only settings declared in settings.ts', () => {
    const unknown = reads.filter((r) => !known.has(r.name)).map((r) => `${r.name} (${r.file})`);
    expect(unknown).toEqual([]);
  });

  it('uses process.env only in platform/config/', () => {
    expect(envOutsideConfig).toEqual([]);
  });

  it.each(environments)('every setting the code reads is set by the %s stack unless it is local-only', (env) => {
    const set = setByEnv.get(env)!;
    const missing = [...new Set(reads.map((r) => r.name))].filter((n) => known.has(n) && !isLocalOnly(n) && !set.has(n));
    expect(missing).toEqual([]);
    const leaked = [...set].filter((n) => isLocalOnly(n));
    expect(leaked).toEqual([]);
  });

  it.each(environments)('every non-local-only setting of settings.ts is set by the %s stack', (env) => {
    const set = setByEnv.get(env)!;
    const missing = settings.filter((s) => !isLocalOnly(s.name) && !set.has(s.name)).map((s) => s.name);
    expect(missing).toEqual([]);
  });
});
