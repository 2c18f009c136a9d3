import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { type SettingDefinition, settings } from '../../functions/src/platform/config/settings.ts';
import { createInfrastructure } from '../src/program.ts';
import { resourceNames } from '../src/names.ts';
import { API_CLIENT_ID, ofType, runProgram, TENANT_ID } from './harness.ts';

/**
 * infra/README.md's settings table against the code: a row for every app setting the program sets and every
 * setting settings.ts declares, values as the program sets them, and each optional setting's default as the
 * code has it (`readSetting('X') ?? 'default'`, `readNumberSetting('X', DEFAULT)`).
 */
const repo = join(import.meta.dirname, '..', '..');
const readme = readFileSync(join(repo, 'infra', 'README.md'), 'utf8');
const declared: readonly SettingDefinition[] = settings;

interface Row {
  setting: string;
  value: string;
  codeDefault: string;
}

/** The rows of the table under `## <heading>`, cells split on unescaped pipes. */
function table(heading: string): string[][] {
  const start = readme.indexOf(`## ${heading}\n`);
  expect(start, heading).toBeGreaterThanOrEqual(0);
  const lines = readme.slice(start).split('\n').slice(1);
  const first = lines.findIndex((l) => l.startsWith('|'));
  const rows: string[][] = [];
  for (const line of lines.slice(first + 2)) {
    if (!line.startsWith('|')) break;
    rows.push(
      line
        .slice(1, -1)
        .split('|')
        .map((c) => c.trim()),
    );
  }
  return rows;
}
const codeSpan = (cell: string) => /`([^`]*)`/.exec(cell)?.[1];
const settingsRows = (): Row[] =>
  table('Settings table').map(([setting, value, codeDefault]) => ({ setting: codeSpan(setting!)!, value: value!, codeDefault: codeDefault! }));

function tsFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return tsFiles(path);
    return /\.ts$/.test(e.name) && !/\.(test|spec)\.ts$/.test(e.name) ? [path] : [];
  });
}

/** `64 * 1024`, `'text'`, or a name defined so in the same file; undefined for anything else. */
function constant(expression: string, source: string): string | undefined {
  const e = expression.trim();
  if (/^'[^']*'$/.test(e)) return e.slice(1, -1);
  if (/^[\d\s*+()]+$/.test(e)) return String(Function(`return (${e})`)());
  if (/^[A-Za-z_]\w*$/.test(e)) {
    const defined = new RegExp(`\\bconst ${e}\\s*=\\s*([^;]+);`).exec(source);
    return defined ? constant(defined[1]!, source) : undefined;
  }
  return undefined;
}

/** Defaults the code gives each setting where it reads it. */
function codeDefaults(): Map<string, Set<string>> {
  const found = new Map<string, Set<string>>();
  const add = (name: string, value: string | undefined) => {
    if (value === undefined || value === '') return;
    found.set(name, (found.get(name) ?? new Set()).add(value));
  };
  for (const file of tsFiles(join(repo, 'functions', 'src'))) {
    const source = readFileSync(file, 'utf8');
    for (const m of source.matchAll(/\breadSetting\(\s*'(\w+)'\s*\)\s*(?:\?\?|\|\|)\s*('[^']*'|[A-Za-z_]\w*)/g)) add(m[1]!, constant(m[2]!, source));
    for (const m of source.matchAll(/\bread[A-Za-z]+Setting\(\s*'(\w+)'\s*,\s*([^,)]+)\)/g)) add(m[1]!, constant(m[2]!, source));
  }
  return found;
}

describe("infra/README.md's settings table", () => {
  const names = resourceNames('movers', 'dev');
  let set: Map<string, string>;
  let dataIdentityClientId: string;
  let graphIdentityClientId: string;

  beforeAll(async () => {
    const { resources } = await runProgram('dev', () => createInfrastructure());
    const app = ofType(resources, 'web:WebApp')[0]!;
    set = new Map(app.inputs.siteConfig.appSettings.map((s: { name: string; value: string }) => [s.name, s.value]));
    dataIdentityClientId = ofType(resources, 'managedidentity:UserAssignedIdentity').find((i) => i.inputs.resourceName === names.functionDataIdentity)!.state
      .clientId;
    graphIdentityClientId = ofType(resources, 'managedidentity:UserAssignedIdentity').find((i) => i.inputs.resourceName === names.functionGraphIdentity)!.state
      .clientId;
  });

  it('has a row for every setting the program sets and every setting settings.ts declares, and no other', () => {
    const rows = settingsRows().map((r) => r.setting);
    expect(new Set(rows).size, 'one row each').toBe(rows.length);
    const expected = new Set([...set.keys(), ...declared.map((s) => s.name)]);
    expect([...rows].sort()).toEqual([...expected].sort());
  });

  it('says local-only settings are not set in Azure, and gives every other one a value', () => {
    for (const row of settingsRows()) {
      const local = declared.find((s) => s.name === row.setting)?.localOnly === true;
      expect(row.value.startsWith('**not set**'), row.setting).toBe(local);
    }
  });

  it('shows each value as the program sets it (dev stack, placeholders filled in)', () => {
    const fill: Record<string, string> = {
      '<prefix>': 'movers',
      '<env>': 'dev',
      '<tenant>': TENANT_ID,
      '<apiClientId>': API_CLIENT_ID,
      '<documentStoreDriveId>': 'b!test-drive-id',
      '<reminderMailSender>': 'disabled',
      '<visitorMailSender>': 'disabled',
      '<reminderMailTo>': 'creator',
      '<externalRoleAssignment>': 'none',
      '<swa-host>': `${names.staticWebApp}.azurestaticapps.net`,
      '<dataIdentityClientId>': dataIdentityClientId,
      '<graphIdentityClientId>': graphIdentityClientId,
    };
    let compared = 0;
    for (const row of settingsRows()) {
      const shown = codeSpan(row.value);
      if (shown === undefined || row.value.startsWith('**not set**')) continue;
      let value = shown.replace(/\[[^\]]*\]/g, ''); // [,https://<customDomain>]: not set in this stack
      for (const [placeholder, filled] of Object.entries(fill)) value = value.replaceAll(placeholder, filled);
      expect(value, `${row.setting}: placeholder without a value`).not.toMatch(/<[^>]+>/);
      const actual = set.get(row.setting)!;
      if (value.startsWith('@Microsoft.KeyVault(')) {
        // The vault's URI is Azure's (the mocks name it differently): the reference and the secret's name must match.
        expect(actual, row.setting).toMatch(/^@Microsoft\.KeyVault\(SecretUri=https:\/\/[^/]+\/secrets\/[^)]+\)$/);
        expect(actual.split('/secrets/')[1], row.setting).toBe(value.split('/secrets/')[1]);
      } else {
        expect(actual, row.setting).toBe(value);
      }
      compared++;
    }
    expect(compared).toBeGreaterThanOrEqual(25);
  });

  it("gives each optional setting's code default as the code has it, and `required` for the others", () => {
    const defaults = codeDefaults();
    // Self-check: the scanner finds the defaults it is meant to.
    expect(defaults.get('MAX_BODY_BYTES')).toEqual(new Set(['65536']));
    expect(defaults.get('AUTH_SCOPE')).toEqual(new Set(['access_as_user']));
    const rows = new Map(settingsRows().map((r) => [r.setting, r]));
    for (const s of declared) {
      if (s.localOnly) continue;
      const cell = rows.get(s.name)!.codeDefault;
      if (!s.optional) {
        expect(cell, s.name).toBe('required');
        continue;
      }
      expect(cell, s.name).not.toBe('required');
      expect(cell, s.name).toMatch(/\S/);
      const found = [...(defaults.get(s.name) ?? [])];
      expect(found.length, `${s.name}: one default in the code`).toBeLessThanOrEqual(1);
      if (found[0] !== undefined) expect(codeSpan(cell), s.name).toBe(found[0]);
    }
  });

  it("gives maxBodyBytes the code's default, in the stack config table and in Azure", () => {
    const code = [...(codeDefaults().get('MAX_BODY_BYTES') ?? [])][0];
    const row = table('Deploy an environment').find(([key]) => codeSpan(key!) === 'maxBodyBytes');
    expect(row, 'maxBodyBytes row of the stack config table').toBeDefined();
    expect(codeSpan(row![2]!)).toBe(code);
    // Unset in the stack, the program passes the code's default on.
    expect(set.get('MAX_BODY_BYTES')).toBe(code);
  });
});
