import * as pulumi from '@pulumi/pulumi';
import type { Environment } from '../src/names.ts';

export const PROJECT = 'movers-portal';
export const SUBSCRIPTION_ID = '11111111-1111-1111-1111-111111111111';
export const TENANT_ID = '22222222-2222-2222-2222-222222222222';
export const API_CLIENT_ID = '33333333-3333-3333-3333-333333333333';

export interface RecordedResource {
  type: string;
  name: string;
  id: string;
  inputs: Record<string, any>;
  state: Record<string, any>;
  /** When the engine was asked to create it and when the creation finished (one counter for both). */
  started: number;
  finished?: number;
}

/**
 * Role assignments (Azure's and Cosmos's) take a while to be created (and longer to take effect) in Azure;
 * the mocks make them slow too, so a resource that does not wait for one (dependsOn) is created before it has finished.
 */
const ROLE_ASSIGNMENT_DELAY_MS = 30;

/** Principal id the mock gives each system-assigned identity: derived from the resource name. */
export const principalIdOf = (resourceName: string) => `principal-${resourceName}`;

const SECRET_SIG = '4dabf18193072939515e22adb298388d';

/** Secret inputs reach the mocks wrapped in Pulumi's secret envelope; tests look at plain values. */
export function unwrapSecrets(value: any): any {
  if (Array.isArray(value)) return value.map(unwrapSecrets);
  if (value && typeof value === 'object') {
    if (value[SECRET_SIG] === '1b47061264138c4ac30d75fd1eb44270') return unwrapSecrets(value.value);
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, unwrapSecrets(v)]));
  }
  return value;
}

function outputsFor(type: string, name: string, inputs: Record<string, any>, id: string): Record<string, any> {
  switch (type) {
    case 'azure-native:resources:ResourceGroup':
      return { name: inputs.resourceGroupName };
    case 'azure-native:operationalinsights:Workspace':
      return { customerId: `customer-${name}` };
    case 'azure-native:applicationinsights:Component':
      return { connectionString: `InstrumentationKey=ikey-${name};IngestionEndpoint=https://example.invalid/` };
    case 'azure-native:cosmosdb:DatabaseAccount':
      return { name: inputs.accountName, documentEndpoint: `https://${inputs.accountName}.documents.azure.com:443/` };
    case 'azure-native:storage:StorageAccount':
      return {
        name: inputs.accountName,
        primaryEndpoints: {
          blob: `https://${inputs.accountName}.blob.core.windows.net/`,
          queue: `https://${inputs.accountName}.queue.core.windows.net/`,
        },
      };
    case 'azure-native:keyvault:Vault':
      return { name: inputs.vaultName, properties: { ...inputs.properties, vaultUri: `https://${inputs.vaultName}.vault.azure.net/` } };
    case 'azure-native:keyvault:Secret':
      return {
        properties: {
          ...inputs.properties,
          secretUri: `https://vault.vault.azure.net/secrets/${inputs.secretName}`,
          secretUriWithVersion: `https://vault.vault.azure.net/secrets/${inputs.secretName}/0123`,
        },
      };
    case 'azure-native:web:StaticSite':
      return { defaultHostname: `${inputs.name}.azurestaticapps.net` };
    case 'azure-native:web:WebApp':
      return {
        defaultHostName: `${inputs.name}.azurewebsites.net`,
        identity: { ...inputs.identity, principalId: principalIdOf(inputs.name), tenantId: TENANT_ID },
      };
    case 'azure-native:managedidentity:UserAssignedIdentity':
      // Azure gives a user-assigned identity its principal at creation, before anything uses it.
      return { name: inputs.resourceName, principalId: principalIdOf(inputs.resourceName), clientId: `client-${inputs.resourceName}` };
    case 'azure-native:cosmosdb:SqlResourceSqlDatabase':
      return { name: inputs.databaseName };
    default:
      return { id };
  }
}

const subscriptionScoped = (type: string, inputs: Record<string, any>, name: string) =>
  `/subscriptions/${SUBSCRIPTION_ID}/resourceGroups/rg/providers/${type}/${inputs.name ?? name}`;

/** The stack config every run has: the required keys, and what `Pulumi.<env>.yaml` sets. */
export function baseConfig(env: Environment): Record<string, string> {
  return {
    [`${PROJECT}:env`]: env,
    [`${PROJECT}:apiClientId`]: API_CLIENT_ID,
    [`${PROJECT}:documentStoreDriveId`]: 'b!test-drive-id',
    [`${PROJECT}:VISITOR_SESSION_SECRET`]: 'test-visitor-session-secret-0123456789abcdef',
    'azure-native:location': 'westeurope',
  };
}

/**
 * Runs `program` under Pulumi mocks as stack `env` and returns every resource it registered and its outputs. `extraConfig`
 * adds to or overrides the base config; a key given as undefined is left out.
 */
export async function runProgram<T extends Record<string, unknown>>(
  env: Environment,
  program: () => T | Promise<T>,
  extraConfig: Record<string, string | undefined> = {},
): Promise<{ resources: RecordedResource[]; outputs: Record<string, unknown> }> {
  const recorded: RecordedResource[] = [];
  let clock = 0;
  let pending = 0;
  await pulumi.runtime.setMocks(
    {
      async newResource(rawArgs) {
        const args = { ...rawArgs, inputs: unwrapSecrets(rawArgs.inputs) };
        const id = subscriptionScoped(args.type, args.inputs, args.name);
        const state = { ...args.inputs, ...outputsFor(args.type, args.name, args.inputs, id) };
        const resource: RecordedResource = { type: args.type, name: args.name, id, inputs: args.inputs, state, started: clock++ };
        recorded.push(resource);
        if (args.type === 'azure-native:authorization:RoleAssignment' || args.type === 'azure-native:cosmosdb:SqlResourceSqlRoleAssignment') {
          pending++;
          await new Promise((r) => setTimeout(r, ROLE_ASSIGNMENT_DELAY_MS));
          pending--;
        }
        resource.finished = clock++;
        return { id, state };
      },
      call(args) {
        if (args.token === 'azure-native:authorization:getClientConfig') {
          return { clientId: 'deployer', objectId: 'deployer-object', subscriptionId: SUBSCRIPTION_ID, tenantId: TENANT_ID };
        }
        if (args.token === 'azure-native:web:listStaticSiteSecrets') {
          return { properties: { apiKey: 'swa-deployment-token' } };
        }
        throw new Error(`unexpected call ${args.token}`);
      },
    },
    PROJECT,
    env,
    false,
  );
  const config: Record<string, string | undefined> = { ...baseConfig(env), ...extraConfig };
  pulumi.runtime.setAllConfig(Object.fromEntries(Object.entries(config).filter((entry): entry is [string, string] => entry[1] !== undefined)), [
    `${PROJECT}:VISITOR_SESSION_SECRET`,
  ]);

  // A program may be a module the test imports now (infra/index.ts, whose exports are the stack outputs).
  const exported = await program();
  const outputs: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(exported)) {
    outputs[key] = await new Promise((resolve) => (pulumi.output(value) as pulumi.Output<unknown>).apply(resolve));
  }
  // Resources whose inputs depend on other resources register later: wait until the list stops growing.
  let seen = -1;
  let stable = 0;
  while (stable < 5) {
    await new Promise((r) => setTimeout(r, 5));
    if (recorded.length === seen && pending === 0) stable++;
    else {
      seen = recorded.length;
      stable = 0;
    }
  }
  return { resources: recorded, outputs };
}

export const ofType = (resources: RecordedResource[], type: string) => resources.filter((r) => r.type === `azure-native:${type}`);
