import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { settings } from '../../functions/src/platform/config/settings.ts';
import * as cosmosContainers from '../../functions/src/platform/cosmos/containers.ts';
import * as queueNamesModule from '../../functions/src/platform/queue/names.ts';
import { createInfrastructure, TOKEN_EXCHANGE_AUDIENCE } from '../src/program.ts';
import { environments, resourceNames, type Environment } from '../src/names.ts';
import { azureRoleNames, azureRoles, cosmosDataContributorRoleId, otherAzureRoles } from '../src/roles.ts';
import { ofType, runProgram, type RecordedResource } from './harness.ts';

/**
 * Issue 54: the docs' commands are the product. A deployer runs what infra/README.md, docs/, the root README and
 * the workflow write; every stack output, setting, secret, role, provider and resource name they use must be
 * what the program exports and creates. The stack outputs are read from infra/index.ts itself, run under the
 * mocks as `pulumi up` runs it, not from what createInfrastructure() returns.
 */
const repo = join(import.meta.dirname, '..', '..');
const read = (file: string) => readFileSync(join(repo, file), 'utf8');
interface Doc {
  file: string;
  text: string;
}
const workflows: Doc[] = readdirSync(join(repo, '.github', 'workflows'))
  .filter((f) => /\.ya?ml$/.test(f))
  .map((f) => ({ file: `.github/workflows/${f}`, text: read(`.github/workflows/${f}`) }));
const markdown: Doc[] = [
  'infra/README.md',
  'README.md',
  ...readdirSync(join(repo, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
].map((file) => ({ file, text: read(file) }));
const docs = [...markdown, ...workflows];
/** The deployment docs whose every setting-like name is checked (the other docs name local settings too). */
const deploymentDocs = markdown.filter((d) => ['infra/README.md', 'docs/deployment.md', 'README.md'].includes(d.file));
const infraReadme = markdown.find((d) => d.file === 'infra/README.md')!.text;

type Run = Awaited<ReturnType<typeof runProgram>>;
let stack: Run;
const runs = new Map<Environment, Run>();

beforeAll(async () => {
  // The stack's outputs are infra/index.ts's exports: import it under the mocks (it runs the program on import).
  stack = await runProgram('dev', async () => ({ ...(await import('../index.ts')) }));
  for (const env of environments) runs.set(env, await runProgram(env, () => createInfrastructure()));
});

const all = <T>(text: string, re: RegExp, pick: (m: RegExpMatchArray) => T | undefined = (m) => m[1] as T) =>
  [...text.matchAll(re)].map(pick).filter((x): x is T => x !== undefined);
const appSettingsOf = (resources: RecordedResource[]) =>
  new Map<string, string>(ofType(resources, 'web:WebApp')[0]!.inputs.siteConfig.appSettings.map((s: { name: string; value: string }) => [s.name, s.value]));
const names = resourceNames('movers', 'dev');
const identity = (resources: RecordedResource[], name: string) =>
  ofType(resources, 'managedidentity:UserAssignedIdentity').find((r) => r.inputs.resourceName === name)!;

describe('stack outputs the docs use', () => {
  it('infra/index.ts exports every output the program returns', () => {
    expect(Object.keys(stack.outputs).sort()).toEqual(Object.keys(runs.get('dev')!.outputs).sort());
  });

  it('every `pulumi stack output NAME` and `steps.pulumi.outputs.NAME` is an export of infra/index.ts', () => {
    const used = docs.flatMap(({ file, text }) =>
      [
        ...all<string>(text, /pulumi\s+stack\s+output\s+([A-Za-z]\w*)/g),
        ...all<string>(text, /stack\s+output\s+`([A-Za-z]\w*)`/g),
        ...all<string>(text, /`([A-Za-z]\w*)`\s+stack\s+output\b/g),
        ...all<string>(text, /steps\.pulumi\.outputs\.([A-Za-z]\w*)/g),
      ].map((name) => ({ file, name })),
    );
    // The scanner sees the commands that matter (self-check).
    expect(used).toContainEqual({ file: 'infra/README.md', name: 'graphFederatedCredential' });
    expect(used).toContainEqual({ file: 'infra/README.md', name: 'graphApplicationPermissions' });
    expect(used).toContainEqual({ file: '.github/workflows/deploy.yml', name: 'functionAppName' });
    const missing = used.filter((u) => !(u.name in stack.outputs)).map((u) => `${u.file}: ${u.name}`);
    expect(missing).toEqual([]);
  });

  it("infra/README.md's 'Stack outputs' list is exactly infra/index.ts's exports", () => {
    const start = infraReadme.indexOf('Stack outputs (');
    expect(start).toBeGreaterThanOrEqual(0);
    const listStart = infraReadme.indexOf('\n\n', start) + 2;
    const list = infraReadme.slice(listStart, infraReadme.indexOf('\n\n', listStart));
    const listed = all<string>(list, /^- `(\w+)`(?: and `(\w+)`)?/gm, (m) => [m[1], m[2]].filter(Boolean).join(' ')).flatMap((s) => s.split(' '));
    expect(listed.sort()).toEqual(Object.keys(stack.outputs).sort());
  });

  it("section 1, step 7's command gives Entra the federated credential the Function App's Graph identity needs", () => {
    const step = infraReadme.slice(infraReadme.indexOf('7. **No client secret: a federated credential**'), infraReadme.indexOf('\n8. '));
    const command = /az ad app federated-credential create --id <apiClientId> \\\n\s+--parameters "\$\(pulumi stack output (\w+) --json --stack dev\)"/.exec(
      step,
    );
    expect(command, 'the az command with the stack output').not.toBeNull();
    // What `pulumi stack output NAME --json` prints, as `--parameters` reads it.
    const parameters = JSON.parse(JSON.stringify(stack.outputs[command![1]!]));
    expect(Object.keys(parameters).sort()).toEqual(['audiences', 'description', 'issuer', 'name', 'subject']);
    const graph = identity(stack.resources, names.functionGraphIdentity);
    const settings = appSettingsOf(stack.resources);
    // Entra: a name of 3-120 URL-safe characters, the managed identity's issuer and principal id, the exchange audience.
    expect(parameters.name).toMatch(/^[A-Za-z0-9_-]{3,120}$/);
    expect(parameters.issuer).toBe(settings.get('AUTH_ISSUER'));
    expect(parameters.issuer).toMatch(/^https:\/\/login\.microsoftonline\.com\/[0-9a-f-]{36}\/v2\.0$/);
    expect(parameters.subject).toBe(graph.state.principalId);
    expect(parameters.audiences).toEqual([TOKEN_EXCHANGE_AUDIENCE]);
    expect(TOKEN_EXCHANGE_AUDIENCE).toBe('api://AzureADTokenExchange');
    expect(parameters.description.length).toBeLessThanOrEqual(600);
    // The identity trusted is the one whose token the app sends.
    expect(settings.get('GRAPH_MANAGED_IDENTITY_CLIENT_ID')).toBe(graph.state.clientId);
  });
});

describe('settings, secrets and variables the docs name', () => {
  const workflowText = workflows.map((w) => w.text).join('\n');
  /** What the workflow defines: its secrets, variables and step environment. */
  const workflowNames = new Set([
    ...all<string>(workflowText, /\bsecrets\.([A-Z][A-Z0-9_]*)/g),
    ...all<string>(workflowText, /\bvars\.([A-Z][A-Z0-9_]*)/g),
    ...all<string>(workflowText, /^\s+([A-Z][A-Z0-9_]*):/gm),
  ]);
  /** Names the docs say are not set in Azure (Flex refuses them, or they are gone): the program must not set them. */
  const notSet = ['FUNCTIONS_WORKER_RUNTIME', 'FUNCTIONS_EXTENSION_VERSION', 'WEBSITE_NODE_DEFAULT_VERSION', 'GRAPH_CLIENT_SECRET'];
  const codeExports = new Set([...Object.keys(cosmosContainers), ...Object.keys(queueNamesModule)]);
  const settingLike = /\b([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+|[A-Za-z]+__[A-Za-z]+)\b/g;

  it('every setting-like name in the deployment docs is set by the program, declared in settings.ts, or the workflow defines it', () => {
    const set = new Set(environments.flatMap((env) => [...appSettingsOf(runs.get(env)!.resources).keys()]));
    const declared = new Set<string>(settings.map((s) => s.name));
    const named = deploymentDocs.flatMap(({ file, text }) =>
      all<string>(text, /`([^`\n]+)`/g).flatMap((code) => all<string>(code, settingLike).map((name) => ({ file, name }))),
    );
    expect(named.map((n) => n.name)).toContain('GRAPH_MANAGED_IDENTITY_CLIENT_ID');
    const unknown = named
      .filter(({ name }) => !set.has(name) && !declared.has(name) && !workflowNames.has(name) && !codeExports.has(name) && !notSet.includes(name))
      .map((n) => `${n.file}: ${n.name}`);
    expect([...new Set(unknown)]).toEqual([]);
    for (const name of notSet) expect(set.has(name), `${name} is said not to be set`).toBe(false);
  });

  it('the workflow reads only secrets and variables its header lists, and lists only what it reads', () => {
    for (const { file, text } of workflows) {
      const header = text.slice(0, text.search(/^[a-z]/m));
      const secretsBlock = header.slice(header.indexOf('#   secrets:'), header.indexOf('#   variables'));
      const variablesBlock = header.slice(header.indexOf('#   variables'));
      const listedSecrets = all<string>(secretsBlock, /^# {5}([A-Z][A-Z0-9_]*(?:, [A-Z][A-Z0-9_]*)*)/gm).flatMap((s) => s.split(', '));
      const listedVariables = all<string>(variablesBlock.split('\n').slice(1, 2).join('\n'), /\b([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)\b/g);
      const readSecrets = new Set(all<string>(text, /\bsecrets\.([A-Z][A-Z0-9_]*)/g));
      const readVariables = new Set(all<string>(text, /\bvars\.([A-Z][A-Z0-9_]*)/g));
      expect(new Set(listedSecrets), `${file}: secrets`).toEqual(readSecrets);
      expect(new Set(listedVariables), `${file}: variables`).toEqual(readVariables);
    }
  });

  it('the old Graph secret the README deletes from the vault is the one the program named it', () => {
    const deletes = all<string>(infraReadme, /az keyvault secret delete --vault-name (\S+) --name ([\w-]+)/g, (m) => `${m[1]} ${m[2]}`);
    expect(deletes).toEqual(['kv-<prefix>-<env> graph-client-secret']);
    // The program names a secret setting's vault secret so (kv-secret-VISITOR_SESSION_SECRET → visitor-session-secret).
    const secretNames = ofType(stack.resources, 'keyvault:Secret').map((s) => s.inputs.secretName);
    expect(secretNames).toContain('visitor-session-secret');
    expect('GRAPH_CLIENT_SECRET'.toLowerCase().replace(/_/g, '-')).toBe('graph-client-secret');
  });
});

describe('roles the docs name', () => {
  const roleIdOf = (a: RecordedResource) => String(a.inputs.roleDefinitionId).split('/').at(-1)!;
  const granted = () => new Set(environments.flatMap((env) => ofType(runs.get(env)!.resources, 'authorization:RoleAssignment').map(roleIdOf)));
  const cosmosRoleName = 'Cosmos DB Built-in Data Contributor';
  const nameOf = (id: string) => (id === cosmosDataContributorRoleId ? cosmosRoleName : azureRoleNames[id]);

  it('each role named with its id carries the name Microsoft gives that id', () => {
    const pairs = markdown.flatMap(({ file, text }) =>
      [
        ...all<[string, string]>(text, /^\|\s*([A-Z][^|]*?)\s*\|\s*`([0-9a-f-]{36})`\s*\|/gm, (m) => [
          m[1]!.replace(/ \(Cosmos SQL role assignment\)$/, ''),
          m[2]!,
        ]),
        ...all<[string, string]>(text, /\b((?:[A-Z][A-Za-z-]* )*[A-Z][A-Za-z-]*) \(`([0-9a-f-]{36})`\)/g, (m) => [m[1]!, m[2]!]),
      ].map(([name, id]) => ({ file, name, id })),
    );
    expect(pairs.length).toBeGreaterThanOrEqual(7);
    const wrong = pairs.filter((p) => nameOf(p.id) !== p.name).map((p) => `${p.file}: ${p.name} ${p.id} (is ${nameOf(p.id) ?? 'unknown'})`);
    expect(wrong).toEqual([]);
  });

  it("infra/README.md's table of the data identity's roles is what the program assigns it, scope for scope", () => {
    const resources = stack.resources;
    const principal = identity(resources, names.functionDataIdentity).state.principalId;
    const account = (name: string) => ofType(resources, 'storage:StorageAccount').find((s) => s.inputs.accountName === name)!.id;
    const scopes: Record<string, string[]> = {
      'Cosmos account': [ofType(resources, 'cosmosdb:DatabaseAccount')[0]!.id],
      'Each blob container of `blobContainerList`': ofType(resources, 'storage:BlobContainer')
        .filter((c) => c.inputs.accountName === names.dataStorage)
        .map((c) => c.id),
      'Data storage account': [account(names.dataStorage)],
      'Host storage account': [account(names.hostStorage)],
    };
    const start = infraReadme.indexOf('| Role ');
    const table = infraReadme.slice(start, infraReadme.indexOf('\n\n', start));
    const documented = all<string[]>(table, /^\|\s*[^|]+?\s*\|\s*`([0-9a-f-]{36})`\s*\|\s*([^|]+?)\s*\|$/gm, (m) => {
      expect(scopes[m[2]!], `scope '${m[2]}'`).toBeDefined();
      return scopes[m[2]!]!.map((scope) => `${m[1]} ${scope}`);
    }).flat();
    const assigned = [
      ...ofType(resources, 'authorization:RoleAssignment')
        .filter((a) => a.inputs.principalId === principal)
        .map((a) => `${roleIdOf(a)} ${a.inputs.scope}`),
      ...ofType(resources, 'cosmosdb:SqlResourceSqlRoleAssignment')
        .filter((a) => a.inputs.principalId === principal)
        .map((a) => `${roleIdOf(a)} ${a.inputs.scope}`),
    ];
    expect(documented.sort()).toEqual(assigned.sort());
  });

  it('every role the docs name is one the program grants or one of the few it never grants', () => {
    const known = new Set([...Object.values(azureRoleNames), cosmosRoleName]);
    const roleLike =
      /\b(Storage (?:Blob|Queue|Table|File) Data [A-Z]\w+(?: [A-Z]\w+)?|Storage Blob Delegator|Storage Account Contributor|Key Vault (?:Secrets|Crypto|Certificates) \w+|Key Vault (?:Reader|Administrator|Contributor)|Website Contributor|Role Based Access Control Administrator|User Access Administrator|Cosmos DB (?:Built-in )?Data \w+)\b/g;
    const unknown = docs.flatMap(({ file, text }) =>
      all<string>(text, roleLike)
        .filter((r) => !known.has(r))
        .map((r) => `${file}: ${r}`),
    );
    expect([...new Set(unknown)]).toEqual([]);
    // The ones named as never granted (the deployer's own, and those the docs say are not needed) are not.
    for (const id of Object.values(otherAzureRoles)) expect(granted().has(id), azureRoleNames[id]).toBe(false);
  });

  it("the deploying identity may assign exactly the roles the program grants (the condition's ROLES), and is not Owner", () => {
    const roles = /^ {2}ROLES='([^']+)'$/m.exec(infraReadme);
    expect(roles, 'ROLES= in the prerequisites').not.toBeNull();
    expect(new Set(roles![1]!.split(', '))).toEqual(granted());
    expect(granted()).toEqual(new Set(Object.values(azureRoles)));
    // Both the assignments it creates and those it deletes are held to ROLES.
    expect(infraReadme).toContain('@Request[Microsoft.Authorization/roleAssignments:RoleDefinitionId] ForAnyOfAnyValues:GuidEquals {$ROLES}');
    expect(infraReadme).toContain('@Resource[Microsoft.Authorization/roleAssignments:RoleDefinitionId] ForAnyOfAnyValues:GuidEquals {$ROLES}');
    for (const { file, text } of [...workflows, { file: 'infra/README.md', text: infraReadme }]) {
      expect(text, file).not.toMatch(/needs \**Owner|Owner \(or Contributor/);
      expect(text, file).toContain('Role Based Access Control Administrator');
    }
  });
});

describe('what the program creates, as the docs name it', () => {
  /** The resource provider namespace of each azure-native module the program uses. */
  const namespaces: Record<string, string> = {
    resources: 'Microsoft.Resources',
    authorization: 'Microsoft.Authorization',
    operationalinsights: 'Microsoft.OperationalInsights',
    applicationinsights: 'Microsoft.Insights',
    cosmosdb: 'Microsoft.DocumentDB',
    storage: 'Microsoft.Storage',
    keyvault: 'Microsoft.KeyVault',
    web: 'Microsoft.Web',
    managedidentity: 'Microsoft.ManagedIdentity',
  };
  /** Registered in every subscription (Microsoft's 'registered by default'). */
  const registeredByDefault = ['Microsoft.Resources', 'Microsoft.Authorization'];

  it('the prerequisites register the resource provider of every resource the program creates', async () => {
    const withDomain = await runProgram('prod', () => createInfrastructure(), { 'movers-portal:customDomain': 'movers.example.com' });
    const modules = new Set([...runs.values(), withDomain].flatMap((run) => run.resources.map((r) => r.type.split(':')[1]!)));
    const unmapped = [...modules].filter((m) => !(m in namespaces));
    expect(unmapped, 'add the namespace of these azure-native modules').toEqual([]);
    const needed = [...modules].map((m) => namespaces[m]!).filter((ns) => !registeredByDefault.includes(ns));
    const loop = /for namespace in ([^;]+); do\n\s+az provider register --namespace "\$namespace" --wait\n\s*done/.exec(infraReadme);
    expect(loop, 'the az provider register loop').not.toBeNull();
    expect(loop![1]!.trim().split(/\s+/).sort()).toEqual([...new Set(needed)].sort());
  });

  it('each `<prefix>`/`<env>` resource name the docs write is a resource of the dev stack (prefix movers)', () => {
    const created = new Set(
      stack.resources.flatMap((r) =>
        ['resourceGroupName', 'workspaceName', 'resourceName', 'accountName', 'vaultName', 'name', 'databaseName', 'containerName', 'queueName']
          .map((k) => r.inputs[k])
          .filter((v): v is string => typeof v === 'string'),
      ),
    );
    const templated = docs.flatMap(({ file, text }) => all<string>(text, /(?<![\w<>-])([a-z][a-z0-9-]*<prefix>[a-z0-9<>-]*)/g).map((name) => ({ file, name })));
    expect(templated.map((t) => t.name)).toContain('id-<prefix>-<env>-graph');
    const missing = templated
      .filter(({ name }) => !created.has(name.replace(/<prefix>/g, 'movers').replace(/<env>/g, 'dev')))
      .map((t) => `${t.file}: ${t.name}`);
    expect([...new Set(missing)]).toEqual([]);
    // The dev stack's names the resource table gives.
    for (const name of Object.values(names)) expect(created.has(name), name).toBe(true);
  });
});
