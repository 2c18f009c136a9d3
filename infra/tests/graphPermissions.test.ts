import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { graphApplicationPermissions } from '../src/graphPermissions.ts';
import { createInfrastructure } from '../src/program.ts';
import { ofType, PROJECT, runProgram } from './harness.ts';

// Issue 46: AppRoleAssignment.ReadWrite.All lets its holder grant any app role to anyone, Graph's own and itself
// included. The API registration asks for it only where the portal must assign the External role.

const appSettings = (resources: Awaited<ReturnType<typeof runProgram>>['resources']) =>
  new Map<string, string>(ofType(resources, 'web:WebApp')[0]!.inputs.siteConfig.appSettings.map((s: { name: string; value: string }) => [s.name, s.value]));

describe('Graph application permissions', () => {
  it('by default: no AppRoleAssignment.ReadWrite.All (nor Application.Read.All), and the portal grants no role', async () => {
    const { resources, outputs } = await runProgram('dev', () => createInfrastructure());
    expect(outputs.graphApplicationPermissions).toEqual(['User.Read.All', 'User.Invite.All']);
    expect(appSettings(resources).get('EXTERNAL_ROLE_ASSIGNMENT')).toBe('none');
  });

  it('where assignment is required: the two that let the portal give invited guests the External role', async () => {
    const { resources, outputs } = await runProgram('dev', () => createInfrastructure(), { [`${PROJECT}:externalRoleAssignment`]: 'required' });
    expect(outputs.graphApplicationPermissions).toEqual(['User.Read.All', 'User.Invite.All', 'Application.Read.All', 'AppRoleAssignment.ReadWrite.All']);
    expect(appSettings(resources).get('EXTERNAL_ROLE_ASSIGNMENT')).toBe('required');
  });

  it('refuses any other choice at pulumi up', async () => {
    await expect(runProgram('dev', () => createInfrastructure(), { [`${PROJECT}:externalRoleAssignment`]: 'yes' })).rejects.toThrow(
      /externalRoleAssignment must be one of none, required/,
    );
  });

  it("the README's consent step lists each choice's set, the two extra ones only with assignment required", () => {
    const readme = readFileSync(join(import.meta.dirname, '..', 'README.md'), 'utf8');
    const start = readme.indexOf('6. **API permissions → Add a permission → Microsoft Graph → Application permissions**');
    const step = readme.slice(start, readme.indexOf('\n7. ', start));
    const [byDefault, onlyRequired] = step.split('Only with `externalRoleAssignment: required`');
    const named = (text: string) =>
      [...text.matchAll(/^ {3}- (`[^`]+`(?: and `[^`]+`)*):/gm)].flatMap((m) => [...m[1]!.matchAll(/`([^`]+)`/g)].map((n) => n[1]));
    expect(named(byDefault!)).toEqual(graphApplicationPermissions('none').map((p) => p.name));
    expect([...named(byDefault!), ...named(onlyRequired!)]).toEqual(graphApplicationPermissions('required').map((p) => p.name));
  });
});
