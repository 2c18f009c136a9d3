import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { secretSettings } from '../src/appSettings.ts';
import { environments } from '../src/names.ts';
import { createInfrastructure } from '../src/program.ts';
import { baseConfig, PROJECT, runProgram } from './harness.ts';

/**
 * The deploy workflow runs `pulumi up` on a fresh checkout: the only stack config it has is the committed
 * `infra/Pulumi.<env>.yaml`. Every key `src/config.ts` requires must therefore be set there before the
 * first run: the stack files' comments and the README's first-time steps say how, key for key.
 */
const infra = join(import.meta.dirname, '..');
const read = (...path: string[]) => readFileSync(join(infra, ...path), 'utf8');

/** config.require('x'), config.requireSecret("x"), config.requireNumber('x') ... in src/config.ts, and every secret setting (its config key is its name). */
function requiredKeys(): { key: string; secret: boolean }[] {
  const source = read('src', 'config.ts');
  const named = [...source.matchAll(/\bconfig\.require(Secret)?[A-Za-z]*\(\s*(['"`])([A-Za-z0-9_]+)\2/g)].map((m) => ({ key: m[3]!, secret: !!m[1] }));
  return [...named, ...secretSettings.map((s) => ({ key: s.name, secret: true }))];
}
/** Besides the required keys, what each committed stack file sets itself (env) or has a default for (location). */
const inStackFile = [`${PROJECT}:env`, 'azure-native:location'];
/** A key the program reads only with a default, that a new deployment must still set. */
const mustSet = ['visitorMailSender'];

/** A `pulumi config set` of `key` (with --secret for a secret) in `text`. */
function setsKey(text: string, key: string, secret: boolean): boolean {
  return text.split('\n').some((line) => {
    const m = /pulumi config set\s+(--secret\s+)?([A-Za-z0-9_:-]+)/.exec(line);
    return !!m && m[2] === key && (!secret || !!m[1]);
  });
}

/** The README section `### <title>` up to the next heading. */
function section(markdown: string, title: string): string {
  const start = markdown.indexOf(`### ${title}\n`);
  expect(start, `README section '${title}'`).toBeGreaterThanOrEqual(0);
  const rest = markdown.slice(start + title.length + 5);
  const end = rest.search(/^#{2,3} /m);
  return end < 0 ? rest : rest.slice(0, end);
}

describe('stack config a new deployment needs', () => {
  const required = requiredKeys();

  it('finds the required keys of src/config.ts (self-check)', () => {
    expect(required.map((r) => r.key).sort()).toEqual(['VISITOR_SESSION_SECRET', 'apiClientId', 'documentStoreDriveId']);
  });

  it('are all the program needs: the tests run it with only those and the stack file', () => {
    const keys = new Set([...required.map((r) => `${PROJECT}:${r.key}`), ...inStackFile]);
    expect(Object.keys(baseConfig('dev')).filter((k) => !keys.has(k))).toEqual([]);
  });

  it.each(required.map((r) => r.key))('%s is required: pulumi up stops without it', async (key) => {
    await expect(runProgram('dev', () => createInfrastructure(), { [`${PROJECT}:${key}`]: undefined })).rejects.toThrow(key);
  });

  it('stops while the Graph client secret of old is still in the stack config, saying to remove it there and on the app registration', async () => {
    await expect(runProgram('dev', () => createInfrastructure(), { [`${PROJECT}:GRAPH_CLIENT_SECRET`]: 'an old client secret' })).rejects.toThrow(
      /GRAPH_CLIENT_SECRET is no longer used.*pulumi config rm GRAPH_CLIENT_SECRET.*delete the client secret from the app registration/,
    );
  });

  it.each(environments)('Pulumi.%s.yaml says in its comments how to set every required key, secrets with --secret', (env) => {
    const text = read(`Pulumi.${env}.yaml`);
    const comments = text
      .split('\n')
      .filter((line) => line.trimStart().startsWith('#'))
      .join('\n');
    for (const { key, secret } of required) {
      expect(setsKey(comments, key, secret), `${key} in Pulumi.${env}.yaml`).toBe(true);
      expect(comments, key).toMatch(new RegExp(`config set (--secret )?${key}\\b[^\\n]*--stack ${env}\\b`));
    }
    for (const key of mustSet) expect(setsKey(comments, key, false), `${key} in Pulumi.${env}.yaml`).toBe(true);
    expect(text).toMatch(new RegExp(`^  ${PROJECT}:env: ${env}$`, 'm'));
    // A secret the file does hold is ciphertext, never a plain value.
    for (const { key } of required.filter((r) => r.secret)) {
      const at = new RegExp(`^  ${PROJECT}:${key}:(.*)$`, 'm').exec(text);
      if (at) expect(`${at[1]}${text.slice(at.index + at[0].length, at.index + at[0].length + 20)}`, key).toMatch(/secure:/);
    }
  });

  it("README's first-time steps set every required key into the stack file, and commit it", () => {
    const readme = read('README.md');
    const steps = section(readme, 'Stack config, committed');
    for (const { key, secret } of required) expect(setsKey(steps, key, secret), `${key} in the README's steps`).toBe(true);
    for (const key of mustSet) expect(setsKey(steps, key, false), `${key} in the README's steps`).toBe(true);
    expect(steps).toMatch(/git add Pulumi\.dev\.yaml/);
    expect(steps).toContain('PULUMI_CONFIG_PASSPHRASE');
    // The config table says each is required.
    for (const { key } of required) expect(readme, key).toMatch(new RegExp(`^\\| \`${key}\` +\\| yes`, 'm'));
  });

  it('the workflow takes its config from the committed stack file, decrypted with the environment secret', () => {
    const workflow = readFileSync(join(infra, '..', '.github', 'workflows', 'deploy.yml'), 'utf8');
    expect(workflow).toContain('PULUMI_CONFIG_PASSPHRASE: ${{ secrets.PULUMI_CONFIG_PASSPHRASE }}');
    expect(workflow).toContain('work-dir: infra');
    // No config from elsewhere (the action's config-map, or `pulumi config set` in a step): the file is the one source.
    expect(workflow).not.toMatch(/config-map:|pulumi config set/);
    for (const { key } of required) expect(workflow, `${key} named in the workflow's notes`).toContain(key);
  });
});
