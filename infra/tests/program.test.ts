import { beforeAll, describe, expect, it } from 'vitest';
import * as web from '@pulumi/azure-native/web/index.js';
import { containerList, blobContainerList, DATABASE_ID_DEFAULT } from '../../functions/src/platform/cosmos/containers.ts';
import { settings } from '../../functions/src/platform/config/settings.ts';
import { poisonQueueName, QUEUE_CONNECTION, queueNames } from '../../functions/src/platform/queue/names.ts';
import { createInfrastructure, DEPLOYMENT_CONTAINER } from '../src/program.ts';
import { flexConsumptionRefusedSiteConfig } from '../src/flexConsumption.ts';
import { environments, resourceNames, type Environment } from '../src/names.ts';
import { azureRoles, cosmosDataContributorRoleId } from '../src/roles.ts';
import { runProgram, ofType, principalIdOf, SUBSCRIPTION_ID, TENANT_ID, API_CLIENT_ID, type RecordedResource } from './harness.ts';

const runs = new Map<Environment, { resources: RecordedResource[]; outputs: Record<string, unknown> }>();

/** A WebApp given only an empty siteConfig, as the SDK sends it: shows the mocks see the SDK's own defaults. */
let bareWebApp: RecordedResource | undefined;

beforeAll(async () => {
  // One Pulumi runtime per test file: run the stacks one after the other.
  for (const env of environments) runs.set(env, await runProgram(env, () => createInfrastructure()));
  const bare = await runProgram('dev', () => {
    new web.WebApp('bare', { resourceGroupName: 'rg', siteConfig: {} });
    return {};
  });
  bareWebApp = ofType(bare.resources, 'web:WebApp')[0];
});

const roleDefinition = (roleId: string) => `/subscriptions/${SUBSCRIPTION_ID}/providers/Microsoft.Authorization/roleDefinitions/${roleId}`;

describe.each(environments)('stack %s', (env) => {
  const run = () => runs.get(env)!;
  const resources = () => run().resources;
  const one = (type: string) => {
    const found = ofType(resources(), type);
    expect(found, type).toHaveLength(1);
    return found[0]!;
  };
  const names = resourceNames('movers', env);
  const functionApp = () => one('web:WebApp');
  const appSettings = () => new Map<string, string>(functionApp().inputs.siteConfig.appSettings.map((s: { name: string; value: string }) => [s.name, s.value]));
  const dataAccount = () => ofType(resources(), 'storage:StorageAccount').find((s) => s.inputs.accountName === names.dataStorage)!;
  const hostAccount = () => ofType(resources(), 'storage:StorageAccount').find((s) => s.inputs.accountName === names.hostStorage)!;

  it('creates each singleton resource exactly once, named from prefix and env', () => {
    expect(one('resources:ResourceGroup').inputs.resourceGroupName).toBe(names.resourceGroup);
    expect(one('operationalinsights:Workspace').inputs.workspaceName).toBe(names.logAnalytics);
    expect(one('applicationinsights:Component').inputs.resourceName).toBe(names.appInsights);
    expect(one('cosmosdb:DatabaseAccount').inputs.accountName).toBe(names.cosmosAccount);
    expect(one('cosmosdb:SqlResourceSqlDatabase').inputs.databaseName).toBe(DATABASE_ID_DEFAULT);
    expect(one('cosmosdb:SqlResourceSqlRoleAssignment')).toBeDefined();
    expect(one('keyvault:Vault').inputs.vaultName).toBe(names.keyVault);
    expect(one('web:AppServicePlan').inputs.name).toBe(names.plan);
    expect(one('web:WebApp').inputs.name).toBe(names.functionApp);
    expect(one('web:StaticSite').inputs.name).toBe(names.staticWebApp);
    expect(ofType(resources(), 'web:StaticSiteCustomDomain')).toHaveLength(0);
    const accounts = ofType(resources(), 'storage:StorageAccount')
      .map((s) => s.inputs.accountName)
      .sort();
    expect(accounts).toEqual([names.dataStorage, names.hostStorage].sort());
    for (const name of Object.values(names)) expect(name).toContain(env);
  });

  it('workspace-based Application Insights', () => {
    const appi = one('applicationinsights:Component');
    const workspace = one('operationalinsights:Workspace');
    expect(appi.inputs.workspaceResourceId).toBe(workspace.id);
    expect(appi.inputs.ingestionMode).toBe('LogAnalytics');
  });

  it('Cosmos DB: local (key) auth off, TLS 1.2', () => {
    const cosmos = one('cosmosdb:DatabaseAccount');
    expect(cosmos.inputs.disableLocalAuth).toBe(true);
    expect(cosmos.inputs.disableKeyBasedMetadataWriteAccess).toBe(true);
    expect(cosmos.inputs.minimalTlsVersion).toBe('Tls12');
  });

  it('Cosmos containers and partition keys equal containerList exactly', () => {
    const created = ofType(resources(), 'cosmosdb:SqlResourceSqlContainer').map((c) => ({
      id: c.inputs.resource.id,
      name: c.inputs.containerName,
      database: c.inputs.databaseName,
      partitionKey: c.inputs.resource.partitionKey.paths,
      uniqueKeys: (c.inputs.resource.uniqueKeyPolicy?.uniqueKeys ?? []).map((u: { paths: string[] }) => u.paths),
    }));
    const expected = containerList.map((c) => ({
      id: c.id,
      name: c.id,
      database: DATABASE_ID_DEFAULT,
      partitionKey: [c.partitionKey],
      uniqueKeys: c.uniqueKeys ?? [],
    }));
    const byId = (a: { id: string }, b: { id: string }) => a.id.localeCompare(b.id);
    expect(created.sort(byId)).toEqual(expected.sort(byId));
  });

  it('storage accounts: no public blob access, HTTPS only, TLS 1.2 minimum, no shared keys', () => {
    for (const account of ofType(resources(), 'storage:StorageAccount')) {
      expect(account.inputs.allowBlobPublicAccess, account.name).toBe(false);
      expect(account.inputs.enableHttpsTrafficOnly, account.name).toBe(true);
      expect(account.inputs.minimumTlsVersion, account.name).toBe('TLS1_2');
      expect(account.inputs.allowSharedKeyAccess, account.name).toBe(false);
    }
  });

  it('blob containers of the data account equal blobContainerList, all private', () => {
    const containers = ofType(resources(), 'storage:BlobContainer');
    const data = containers.filter((c) => c.inputs.accountName === names.dataStorage);
    expect(data.map((c) => c.inputs.containerName).sort()).toEqual([...blobContainerList].sort());
    const host = containers.filter((c) => c.inputs.accountName === names.hostStorage);
    expect(host.map((c) => c.inputs.containerName)).toEqual([DEPLOYMENT_CONTAINER]);
    for (const c of containers) expect(c.inputs.publicAccess).toBe('None');
  });

  it('Key Vault in RBAC mode in the deploying tenant', () => {
    const vault = one('keyvault:Vault');
    expect(vault.inputs.properties.enableRbacAuthorization).toBe(true);
    expect(vault.inputs.properties.tenantId).toBe(TENANT_ID);
    expect(vault.inputs.properties.accessPolicies ?? []).toEqual([]);
  });

  const identity = (name: string) => ofType(resources(), 'managedidentity:UserAssignedIdentity').find((i) => i.inputs.resourceName === name)!;
  const dataIdentity = () => identity(names.functionDataIdentity);

  it('Function App: Flex Consumption, Node 22, HTTPS only, user-assigned identities only', () => {
    const plan = one('web:AppServicePlan');
    expect(plan.inputs.sku).toEqual({ name: 'FC1', tier: 'FlexConsumption' });
    expect(plan.inputs.reserved).toBe(true);
    const app = functionApp();
    expect(app.inputs.serverFarmId).toBe(plan.id);
    expect(app.inputs.kind).toBe('functionapp,linux');
    expect(app.inputs.httpsOnly).toBe(true);
    // One user-assigned identity for data access, one for the Key Vault references, one for Graph (tested below);
    // no system-assigned one, whose roles could only be given after the app exists.
    expect(app.inputs.identity.type).toBe('UserAssigned');
    expect([...app.inputs.identity.userAssignedIdentities].sort()).toEqual(
      [dataIdentity().id, identity(names.functionVaultIdentity).id, identity(names.functionGraphIdentity).id].sort(),
    );
    expect(app.inputs.functionAppConfig.runtime).toEqual({ name: 'node', version: '22' });
    expect(app.inputs.functionAppConfig.deployment.storage).toEqual({
      type: 'blobContainer',
      value: `https://${names.hostStorage}.blob.core.windows.net/${DEPLOYMENT_CONTAINER}`,
      authentication: { type: 'UserAssignedIdentity', userAssignedIdentityResourceId: dataIdentity().id },
    });
    expect(app.inputs.siteConfig.minTlsVersion).toBe('1.2');
  });

  it('Function App: its siteConfig as the SDK sends it (its own defaults applied) holds nothing Flex Consumption refuses', () => {
    // What reaches the mock is what the SDK hands the engine, after @pulumi/azure-native's own input defaults
    // (netFrameworkVersion 'v4.6', localMySqlEnabled: see the last test of this file). Azure answers a Flex
    // site that has any of them 400, code 51021 (pulumi/pulumi-azure-native#4168).
    const siteConfig = functionApp().inputs.siteConfig;
    for (const property of flexConsumptionRefusedSiteConfig) expect(siteConfig, property).not.toHaveProperty(property);
    expect(Object.keys(siteConfig).sort()).toEqual(['appSettings', 'http20Enabled', 'minTlsVersion']);
  });

  it("CORS is the app's own, for the Static Web App host name only; the platform's is off (it cannot expose ETag)", () => {
    const swa = one('web:StaticSite');
    expect(functionApp().inputs.siteConfig.cors).toBeUndefined();
    expect(appSettings().get('CORS_ALLOWED_ORIGINS')).toBe(`https://${swa.inputs.name}.azurestaticapps.net`);
  });

  it('Blob Storage lets the web origins put blocks (large move documents), nothing else', () => {
    const swa = one('web:StaticSite');
    const rules = one('storage:BlobServiceProperties').inputs.cors.corsRules;
    expect(rules).toEqual([expect.objectContaining({ allowedOrigins: [`https://${swa.inputs.name}.azurestaticapps.net`], allowedMethods: ['PUT'] })]);
  });

  it('app settings: identity-based host storage and Application Insights, no keys', () => {
    const values = appSettings();
    expect(values.get('AzureWebJobsStorage__accountName')).toBe(names.hostStorage);
    // The host and the app's own clients (DefaultAzureCredential reads AZURE_CLIENT_ID) use the data identity.
    expect(values.get('AzureWebJobsStorage__credential')).toBe('managedidentity');
    expect(values.get('AzureWebJobsStorage__clientId')).toBe(dataIdentity().state.clientId);
    expect(values.get('AZURE_CLIENT_ID')).toBe(dataIdentity().state.clientId);
    expect(values.has('AzureWebJobsStorage')).toBe(false);
    expect(values.get('APPLICATIONINSIGHTS_CONNECTION_STRING')).toMatch(/^InstrumentationKey=/);
    // The largest upload sent through the API (a 50 MB video) gets through the host, within the 210 MB a
    // Function takes; a large move document goes straight to Blob Storage.
    expect(Number(values.get('FUNCTIONS_REQUEST_BODY_SIZE_LIMIT'))).toBe(100 * 1024 * 1024);
    // Flex Consumption rejects these; functionAppConfig.runtime sets the worker runtime and version instead.
    for (const name of ['FUNCTIONS_WORKER_RUNTIME', 'FUNCTIONS_EXTENSION_VERSION', 'WEBSITE_NODE_DEFAULT_VERSION', 'WEBSITE_RUN_FROM_PACKAGE']) {
      expect(values.has(name), name).toBe(false);
    }
    for (const [name, value] of values) {
      expect(value, name).not.toMatch(/AccountKey=|SharedAccessSignature=|sig=/i);
    }
  });

  it('app settings: every non-local-only setting of settings.ts is set, no local-only one is', () => {
    const values = appSettings();
    for (const s of settings) {
      const local = 'localOnly' in s && s.localOnly;
      expect(values.has(s.name), s.name).toBe(!local);
      if (!local) expect(values.get(s.name), s.name).toMatch(/\S/);
    }
  });

  it('app settings: secret settings are Key Vault references, plain ones are not', () => {
    const values = appSettings();
    const secrets = ofType(resources(), 'keyvault:Secret');
    for (const s of settings) {
      if ('localOnly' in s && s.localOnly) continue;
      const value = values.get(s.name)!;
      if ('secret' in s && s.secret) {
        const match = /^@Microsoft\.KeyVault\(SecretUri=(https:\/\/[^)]+)\)$/.exec(value);
        expect(match, s.name).not.toBeNull();
        const secret = secrets.find((k) => k.state.properties.secretUri === match![1]);
        expect(secret, s.name).toBeDefined();
        expect(secret!.inputs.vaultName).toBe(names.keyVault);
      } else {
        expect(value, s.name).not.toContain('@Microsoft.KeyVault');
      }
    }
    expect(secrets).toHaveLength(settings.filter((s) => 'secret' in s && s.secret && !('localOnly' in s && s.localOnly)).length);
  });

  it('Graph has no secret: Key Vault holds only the visitor session key, and the app reaches Graph with its own identity', () => {
    expect(ofType(resources(), 'keyvault:Secret').map((k) => k.inputs.secretName)).toEqual(['visitor-session-secret']);
    const values = appSettings();
    expect([...values.keys()].filter((name) => /SECRET/.test(name))).toEqual(['VISITOR_SESSION_SECRET']);
    // The identity the API registration trusts as a federated credential: the app holds it, and the setting names it.
    const graph = identity(names.functionGraphIdentity);
    expect(functionApp().inputs.identity.userAssignedIdentities).toContain(graph.id);
    expect(values.get('GRAPH_MANAGED_IDENTITY_CLIENT_ID')).toBe(graph.state.clientId);
    // It holds no Azure role: Graph is all it is for.
    expect(ofType(resources(), 'authorization:RoleAssignment').filter((a) => a.inputs.principalId === graph.state.principalId)).toEqual([]);
    // The credential to add to the API registration (`az ad app federated-credential create --parameters`).
    expect(run().outputs.graphFederatedCredential).toEqual({
      name: names.functionGraphIdentity,
      issuer: `https://login.microsoftonline.com/${TENANT_ID}/v2.0`,
      subject: graph.state.principalId,
      audiences: ['api://AzureADTokenExchange'],
      description: `The Function App ${names.functionApp} asks for Graph tokens with its identity ${names.functionGraphIdentity}`,
    });
  });

  it('app settings: auth and Graph values point at the tenant and the API registration', () => {
    const values = appSettings();
    // The shape of an Entra v2 access token for the API: iss is the v2 issuer of the tenant, aud the
    // API's client id (never its Application ID URI), scp holds access_as_user, tid the tenant.
    expect(values.get('AUTH_ISSUER')).toBe(`https://login.microsoftonline.com/${TENANT_ID}/v2.0`);
    expect(values.get('AUTH_JWKS_URI')).toBe(`https://login.microsoftonline.com/${TENANT_ID}/discovery/v2.0/keys`);
    expect(values.get('AUTH_AUDIENCE')).toBe(API_CLIENT_ID);
    expect(values.get('AUTH_SCOPE')).toBe('access_as_user');
    expect(values.get('AUTH_TENANT_ID')).toBe(TENANT_ID);
    expect(values.get('GRAPH_CLIENT_ID')).toBe(API_CLIENT_ID);
    expect(values.get('GRAPH_AUTHORITY')).toBe(`https://login.microsoftonline.com/${TENANT_ID}`);
    expect(values.get('COSMOS_ENDPOINT')).toBe(`https://${names.cosmosAccount}.documents.azure.com:443/`);
    expect(values.get('COSMOS_DATABASE')).toBe(DATABASE_ID_DEFAULT);
    expect(values.get('STORAGE_BLOB_ENDPOINT')).toBe(`https://${names.dataStorage}.blob.core.windows.net/`);
  });

  it("queues: each of queueNames and its poison queue in the data account, reached by the app's identity", () => {
    const queues = ofType(resources(), 'storage:Queue');
    expect(queues.map((q) => q.inputs.queueName).sort()).toEqual(['seat-letters', 'seat-letters-poison']);
    expect(queues.map((q) => q.inputs.queueName).sort()).toEqual(queueNames.flatMap((q) => [q, poisonQueueName(q)]).sort());
    for (const q of queues) expect(q.inputs.accountName).toBe(names.dataStorage);
    const values = appSettings();
    // The Functions host's identity-based connection 'QueueStorage' (queue triggers) and the app's queue client.
    expect(QUEUE_CONNECTION).toBe('QueueStorage');
    expect(values.get('QueueStorage__queueServiceUri')).toBe(`https://${names.dataStorage}.queue.core.windows.net/`);
    expect(values.has('QueueStorage')).toBe(false);
    // The data identity holds the queue role; the connection names it.
    expect(values.get('QueueStorage__credential')).toBe('managedidentity');
    expect(values.get('QueueStorage__clientId')).toBe(dataIdentity().state.clientId);
    expect(azureRoles.storageQueueDataContributor).toBe('974c5e8b-45b9-4653-ba55-5f855dd0fb88');
  });

  it("role assignments give the Function App's identity the right roles on the right scopes", () => {
    const principal = principalIdOf(names.functionDataIdentity);
    const assignments = ofType(resources(), 'authorization:RoleAssignment').map((a) => ({
      scope: a.inputs.scope,
      principalId: a.inputs.principalId,
      principalType: a.inputs.principalType,
      roleDefinitionId: a.inputs.roleDefinitionId,
    }));
    const dataContainers = ofType(resources(), 'storage:BlobContainer').filter((c) => c.inputs.accountName === names.dataStorage);
    expect(dataContainers.map((c) => c.inputs.containerName).sort()).toEqual([...blobContainerList].sort());
    const expected = [
      // Blob data in the app's own containers only, each of blobContainerList; user delegation keys on the account.
      ...dataContainers.map((c) => [c.id, azureRoles.storageBlobDataContributor]),
      [dataAccount().id, azureRoles.storageBlobDelegator],
      [dataAccount().id, azureRoles.storageQueueDataContributor],
      [hostAccount().id, azureRoles.storageBlobDataOwner],
      [hostAccount().id, azureRoles.storageQueueDataContributor],
    ]
      .map(([scope, role]) => ({ scope, principalId: principal, principalType: 'ServicePrincipal', roleDefinitionId: roleDefinition(role!) }))
      .concat({
        // The vault is read by the user-assigned identity of the Key Vault references (see the next test).
        scope: one('keyvault:Vault').id,
        principalId: principalIdOf(names.functionVaultIdentity),
        principalType: 'ServicePrincipal',
        roleDefinitionId: roleDefinition(azureRoles.keyVaultSecretsUser),
      });
    const key = (a: { scope: string; roleDefinitionId: string }) => a.scope + a.roleDefinitionId;
    expect(assignments.sort((a, b) => key(a).localeCompare(key(b)))).toEqual(expected.sort((a, b) => key(a).localeCompare(key(b))));
    expect(azureRoles.storageBlobDataContributor).toBe('ba92f5b4-2d11-453d-a403-e96b0029c9fe');
    expect(azureRoles.storageBlobDataOwner).toBe('b7e6dc6d-f1e8-4753-8033-0f276bb0955b');
    expect(azureRoles.keyVaultSecretsUser).toBe('4633458b-17de-408a-b874-0445c86b69e6');
    expect(azureRoles.storageBlobDelegator).toBe('db58b8e5-c6ad-4a2a-8342-4190687cbf4a');
  });

  it("Key Vault references resolve on the first deployment: the app's vault identity may read secrets before the app exists", () => {
    const vaultIdentity = identity(names.functionVaultIdentity);
    const app = functionApp();
    expect(app.inputs.identity.userAssignedIdentities).toContain(vaultIdentity.id);
    expect(app.inputs.keyVaultReferenceIdentity).toBe(vaultIdentity.id);
    const all = resources();
    const vaultReader = all.findIndex(
      (r) => r.type === 'azure-native:authorization:RoleAssignment' && r.inputs.principalId === principalIdOf(names.functionVaultIdentity),
    );
    expect(all[vaultReader].inputs.roleDefinitionId).toBe(roleDefinition(azureRoles.keyVaultSecretsUser));
    // The app (with its @Microsoft.KeyVault settings) is created only once the role assignment is (dependsOn).
    expect(vaultReader).toBeGreaterThanOrEqual(0);
    expect(app.started).toBeGreaterThan(all[vaultReader].finished!);
  });

  it('data access works from the first minute: the storage and Cosmos roles exist before the app is created', () => {
    // A system-assigned identity exists only with the app, so its roles came after it and the first requests
    // (and the package deployment) met 403. The data identity is created first, its roles next, the app last.
    const principal = principalIdOf(names.functionDataIdentity);
    const roles = resources().filter(
      (r) =>
        (r.type === 'azure-native:authorization:RoleAssignment' || r.type === 'azure-native:cosmosdb:SqlResourceSqlRoleAssignment') &&
        r.inputs.principalId === principal,
    );
    // A blob role per container, the delegator, the data queue role, the host's two, Cosmos's.
    expect(roles).toHaveLength(blobContainerList.length + 5);
    const app = functionApp();
    for (const role of roles) expect(app.started, `${role.name} before the app`).toBeGreaterThan(role.finished!);
  });

  it('Cosmos data-plane role: built-in Data Contributor for the Function App identity, account scope', () => {
    const cosmos = one('cosmosdb:DatabaseAccount');
    const ra = one('cosmosdb:SqlResourceSqlRoleAssignment');
    expect(cosmosDataContributorRoleId).toBe('00000000-0000-0000-0000-000000000002');
    expect(ra.inputs.principalId).toBe(principalIdOf(names.functionDataIdentity));
    expect(ra.inputs.scope).toBe(cosmos.id);
    expect(ra.inputs.accountName).toBe(names.cosmosAccount);
    expect(ra.inputs.roleDefinitionId).toBe(`${cosmos.id}/sqlRoleDefinitions/00000000-0000-0000-0000-000000000002`);
  });

  it('exports what the app and the pipeline need', () => {
    const out = run().outputs;
    expect(out.functionAppUrl).toBe(`https://${names.functionApp}.azurewebsites.net`);
    expect(out.staticWebAppHostName).toBe(`${names.staticWebApp}.azurestaticapps.net`);
    expect(out.cosmosEndpoint).toBe(`https://${names.cosmosAccount}.documents.azure.com:443/`);
    expect(out.blobEndpoint).toBe(`https://${names.dataStorage}.blob.core.windows.net/`);
    expect(out.queueEndpoint).toBe(`https://${names.dataStorage}.queue.core.windows.net/`);
    expect(out.staticWebAppDeploymentToken).toBe('swa-deployment-token');
    expect(out.env).toBe(env);
  });
});

describe('names', () => {
  it('rejects prefixes that would break storage account names', () => {
    expect(() => resourceNames('Movers', 'dev')).toThrow();
    expect(() => resourceNames('averyveryverylongprefix', 'prod')).toThrow();
    for (const env of environments) expect(() => resourceNames('movers', env)).not.toThrow();
  });
});

describe('what the SDK sends', () => {
  it("a WebApp's siteConfig gets @pulumi/azure-native's own defaults, Flex-refused ones among them, before the mocks see it", () => {
    // The Function App's test above is only worth something if the mocks see these defaults: they do.
    expect(bareWebApp?.inputs.siteConfig).toMatchObject({ netFrameworkVersion: 'v4.6', localMySqlEnabled: false });
  });
});
