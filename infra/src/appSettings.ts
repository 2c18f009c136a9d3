import * as pulumi from '@pulumi/pulumi';
import { FUNCTIONS_REQUEST_BODY_MAX_BYTES } from '../../contracts/src/limits.ts';
import { settings, type SettingDefinition } from '../../functions/src/platform/config/settings.ts';

type Setting = (typeof settings)[number];
/** Settings the Azure app sets (every one that is not local-only). */
export type AzureSetting = Exclude<Setting, { localOnly: true }>;
/** Azure settings held in Key Vault. */
export type SecretSettingName = Extract<AzureSetting, { secret: true }>['name'];
/** Azure settings with a plain value. A new setting in settings.ts fails type-checking here until it gets a value. */
export type PlainSettingName = Exclude<AzureSetting, { secret: true }>['name'];

const all: readonly SettingDefinition[] = settings;

export const azureSettings: SettingDefinition[] = all.filter((s) => !s.localOnly);
export const secretSettings: SettingDefinition[] = azureSettings.filter((s) => s.secret);
export const localOnlySettings: SettingDefinition[] = all.filter((s) => s.localOnly);

export interface NameValue {
  name: string;
  value: pulumi.Input<string>;
}

export function keyVaultReference(secretUri: pulumi.Input<string>): pulumi.Output<string> {
  return pulumi.interpolate`@Microsoft.KeyVault(SecretUri=${secretUri})`;
}

/**
 * The Function App's app settings: the Functions host's own (identity-based host storage, Application
 * Insights) and every non-local-only setting of settings.ts, name for name. Secret settings are Key Vault
 * references; nothing here is a key or a connection string with a key.
 */
export function functionAppSettings(args: {
  hostStorageAccountName: pulumi.Input<string>;
  /** Client id of the user-assigned identity that holds the storage and Cosmos DB roles. */
  dataIdentityClientId: pulumi.Input<string>;
  appInsightsConnectionString: pulumi.Input<string>;
  plain: Record<PlainSettingName, pulumi.Input<string>>;
  secretUris: Record<SecretSettingName, pulumi.Input<string>>;
}): NameValue[] {
  const plain: Record<string, pulumi.Input<string>> = args.plain;
  const secretUris: Record<string, pulumi.Input<string>> = args.secretUris;
  const host: NameValue[] = [
    // Identity-based host storage with the data identity, no connection string.
    { name: 'AzureWebJobsStorage__accountName', value: args.hostStorageAccountName },
    { name: 'AzureWebJobsStorage__credential', value: 'managedidentity' },
    { name: 'AzureWebJobsStorage__clientId', value: args.dataIdentityClientId },
    // The queue triggers' connection 'QueueStorage' (its URI is QueueStorage__queueServiceUri, settings.ts).
    { name: 'QueueStorage__credential', value: 'managedidentity' },
    { name: 'QueueStorage__clientId', value: args.dataIdentityClientId },
    // The app's own clients (Cosmos DB, blobs, queues: DefaultAzureCredential) take the identity named here.
    { name: 'AZURE_CLIENT_ID', value: args.dataIdentityClientId },
    { name: 'APPLICATIONINSIGHTS_CONNECTION_STRING', value: args.appInsightsConnectionString },
    // The host refuses larger bodies before the app sees them: room for the largest upload sent through the
    // API, within the 210 MB a Function takes (a large move document goes straight to Blob Storage).
    { name: 'FUNCTIONS_REQUEST_BODY_SIZE_LIMIT', value: String(FUNCTIONS_REQUEST_BODY_MAX_BYTES) },
  ];
  const app = azureSettings.map((s): NameValue => {
    if (s.secret) {
      const uri = secretUris[s.name];
      if (uri === undefined) throw new Error(`no Key Vault secret for ${s.name}`);
      return { name: s.name, value: keyVaultReference(uri) };
    }
    const value = plain[s.name];
    if (value === undefined) throw new Error(`no value for setting ${s.name}`);
    return { name: s.name, value };
  });
  return [...host, ...app];
}
