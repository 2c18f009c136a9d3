import * as pulumi from '@pulumi/pulumi';
import * as resources from '@pulumi/azure-native/resources/index.js';
import * as operationalinsights from '@pulumi/azure-native/operationalinsights/index.js';
import * as applicationinsights from '@pulumi/azure-native/applicationinsights/index.js';
import * as cosmosdb from '@pulumi/azure-native/cosmosdb/index.js';
import * as storage from '@pulumi/azure-native/storage/index.js';
import * as keyvault from '@pulumi/azure-native/keyvault/index.js';
import * as web from '@pulumi/azure-native/web/index.js';
import * as authorization from '@pulumi/azure-native/authorization/index.js';
import * as managedidentity from '@pulumi/azure-native/managedidentity/index.js';
import { containerList, blobContainerList, DATABASE_ID_DEFAULT } from '../../functions/src/platform/cosmos/containers.ts';
import { blobUploadCors } from '../../functions/src/platform/blob/cors.ts';
import { poisonQueueName, queueNames } from '../../functions/src/platform/queue/names.ts';
import { readConfig, type InfraConfig } from './config.ts';
import { resourceNames } from './names.ts';
import { azureRoleDefinitionId, azureRoles, cosmosDataContributorRoleId } from './roles.ts';
import { withoutFlexRefusedSiteConfig } from './flexConsumption.ts';
import { graphApplicationPermissions } from './graphPermissions.ts';
import { functionAppSettings, secretSettings, type PlainSettingName, type SecretSettingName } from './appSettings.ts';

/** Blob container of the host storage account that Flex Consumption deploys the app package to. */
export const DEPLOYMENT_CONTAINER = 'app-package';

export function createInfrastructure(config: InfraConfig = readConfig()) {
  const { env } = config;
  const names = resourceNames(config.prefix, env);
  const tags = { app: 'movers-portal', env };
  const client = authorization.getClientConfigOutput();
  const tenantId = config.tenantId ?? client.tenantId;

  const group = new resources.ResourceGroup('rg', {
    resourceGroupName: names.resourceGroup,
    location: config.location,
    tags,
  });
  const rg = group.name;
  const location = group.location;

  // Monitoring: workspace-based Application Insights.
  const workspace = new operationalinsights.Workspace('log', {
    workspaceName: names.logAnalytics,
    resourceGroupName: rg,
    location,
    sku: { name: operationalinsights.WorkspaceSkuNameEnum.PerGB2018 },
    retentionInDays: env === 'prod' ? 90 : 30,
    tags,
  });
  const appInsights = new applicationinsights.Component('appi', {
    resourceName: names.appInsights,
    resourceGroupName: rg,
    location,
    kind: 'web',
    applicationType: applicationinsights.ApplicationType.Web,
    workspaceResourceId: workspace.id,
    ingestionMode: applicationinsights.IngestionMode.LogAnalytics,
    tags,
  });

  // Cosmos DB (NoSQL), serverless, Entra-only data access.
  const cosmos = new cosmosdb.DatabaseAccount('cosmos', {
    accountName: names.cosmosAccount,
    resourceGroupName: rg,
    location,
    kind: cosmosdb.DatabaseAccountKind.GlobalDocumentDB,
    databaseAccountOfferType: cosmosdb.DatabaseAccountOfferType.Standard,
    locations: [{ locationName: location, failoverPriority: 0, isZoneRedundant: false }],
    consistencyPolicy: { defaultConsistencyLevel: cosmosdb.DefaultConsistencyLevel.Session },
    capabilities: [{ name: 'EnableServerless' }],
    disableLocalAuth: true,
    disableKeyBasedMetadataWriteAccess: true,
    minimalTlsVersion: cosmosdb.MinimalTlsVersion.Tls12,
    publicNetworkAccess: cosmosdb.PublicNetworkAccess.Enabled,
    backupPolicy: { type: 'Continuous', continuousModeProperties: { tier: 'Continuous7Days' } },
    tags,
  });
  const database = new cosmosdb.SqlResourceSqlDatabase('cosmos-db', {
    accountName: cosmos.name,
    resourceGroupName: rg,
    databaseName: DATABASE_ID_DEFAULT,
    resource: { id: DATABASE_ID_DEFAULT },
  });
  for (const c of containerList) {
    new cosmosdb.SqlResourceSqlContainer(`cosmos-container-${c.id}`, {
      accountName: cosmos.name,
      resourceGroupName: rg,
      databaseName: database.name,
      containerName: c.id,
      resource: {
        id: c.id,
        partitionKey: { paths: [c.partitionKey], kind: cosmosdb.PartitionKind.Hash, version: 2 },
        ...(c.uniqueKeys?.length ? { uniqueKeyPolicy: { uniqueKeys: c.uniqueKeys.map((paths) => ({ paths })) } } : {}),
        // -1: time to live is on, and each document says its own (`ttl`).
        ...(c.timeToLive ? { defaultTtl: -1 } : {}),
      },
    });
  }

  // Storage: the app's data (blobs) and the Functions host's own account.
  const secureStorage: storage.StorageAccountArgs = {
    resourceGroupName: rg,
    location,
    kind: storage.Kind.StorageV2,
    sku: { name: env === 'prod' ? storage.SkuName.Standard_ZRS : storage.SkuName.Standard_LRS },
    allowBlobPublicAccess: false,
    allowSharedKeyAccess: false,
    enableHttpsTrafficOnly: true,
    minimumTlsVersion: storage.MinimumTlsVersion.TLS1_2,
    tags,
  };
  const dataStorage = new storage.StorageAccount('st-data', { accountName: names.dataStorage, ...secureStorage });
  const blobContainerResources = blobContainerList.map(
    (name) =>
      new storage.BlobContainer(`blob-${name}`, {
        accountName: dataStorage.name,
        resourceGroupName: rg,
        containerName: name,
        publicAccess: storage.PublicAccess.None,
      }),
  );
  // The app's queues (seat letters) live beside its blobs, not in the host's account: they are the app's
  // data, and the host's account holds only its own bookkeeping. The poison queue is created too, so a
  // failed message has somewhere to go on the first day and a screen can count it.
  for (const name of queueNames.flatMap((q) => [q, poisonQueueName(q)])) {
    new storage.Queue(`queue-${name}`, { accountName: dataStorage.name, resourceGroupName: rg, queueName: name });
  }
  const hostStorage = new storage.StorageAccount('st-func', { accountName: names.hostStorage, ...secureStorage });
  new storage.BlobContainer('blob-deployment', {
    accountName: hostStorage.name,
    resourceGroupName: rg,
    containerName: DEPLOYMENT_CONTAINER,
    publicAccess: storage.PublicAccess.None,
  });
  const blobEndpoint = dataStorage.primaryEndpoints.blob;
  const queueEndpoint = dataStorage.primaryEndpoints.queue;

  // Key Vault in RBAC mode with the secret settings (config key = setting name, set with --secret).
  const vault = new keyvault.Vault('kv', {
    vaultName: names.keyVault,
    resourceGroupName: rg,
    location,
    properties: {
      tenantId,
      sku: { family: keyvault.SkuFamily.A, name: keyvault.SkuName.Standard },
      enableRbacAuthorization: true,
      enableSoftDelete: true,
      softDeleteRetentionInDays: 90,
      ...(env === 'prod' ? { enablePurgeProtection: true } : {}),
      publicNetworkAccess: 'Enabled',
    },
    tags,
  });
  const secretUris = {} as Record<SecretSettingName, pulumi.Output<string>>;
  for (const s of secretSettings) {
    const secret = new keyvault.Secret(`kv-secret-${s.name}`, {
      vaultName: vault.name,
      resourceGroupName: rg,
      secretName: s.name.toLowerCase().replace(/_/g, '-'),
      properties: { value: config.secret(s.name) },
    });
    // Versionless URI: the app picks up a rotated secret without a redeploy of the infrastructure. The URI is
    // not sensitive (only the value is), so keep the app settings readable in previews.
    secretUris[s.name as SecretSettingName] = pulumi.unsecret(secret.properties.secretUri);
  }

  // Static Web App: serves the SPA builds; the API is NOT linked (see README: SWA would replace the
  // Authorization header of linked functions, so the SPA calls the Function App directly with a bearer token).
  const swa = new web.StaticSite('swa', {
    name: names.staticWebApp,
    resourceGroupName: rg,
    location: config.staticWebAppLocation,
    sku: { name: config.staticWebAppSku, tier: config.staticWebAppSku },
    allowConfigFileUpdates: true,
    stagingEnvironmentPolicy: web.StagingEnvironmentPolicy.Enabled,
    tags,
  });
  if (config.customDomain) {
    new web.StaticSiteCustomDomain('swa-domain', {
      name: swa.name,
      resourceGroupName: rg,
      domainName: config.customDomain,
    });
  }
  const swaHostName = swa.defaultHostname;
  const allowedOrigins: pulumi.Input<string>[] = [pulumi.interpolate`https://${swaHostName}`];
  if (config.customDomain) allowedOrigins.push(`https://${config.customDomain}`);
  // Large move documents go from the browser straight to a blob with a write-only SAS (issue 46): Blob
  // Storage answers the web origins' preflights for Put Block.
  new storage.BlobServiceProperties('blob-cors', {
    accountName: dataStorage.name,
    resourceGroupName: rg,
    blobServicesName: 'default',
    cors: {
      corsRules: [
        {
          ...blobUploadCors,
          allowedOrigins,
          allowedMethods: [...blobUploadCors.allowedMethods],
          allowedHeaders: [...blobUploadCors.allowedHeaders],
          exposedHeaders: [...blobUploadCors.exposedHeaders],
        },
      ],
    },
  });

  // Functions: Flex Consumption (Linux), Node 22, Functions v4, user-assigned identities (below).
  const plan = new web.AppServicePlan('plan', {
    name: names.plan,
    resourceGroupName: rg,
    location,
    kind: 'functionapp',
    reserved: true,
    sku: { name: 'FC1', tier: 'FlexConsumption' },
    tags,
  });
  const authority = pulumi.interpolate`https://login.microsoftonline.com/${tenantId}`;
  // Graph without a secret (issue 46): the API app registration trusts this identity as a federated identity
  // credential (infra/README.md, section 1), and the app asks for Graph tokens with the identity's token as the
  // client assertion. An identity of its own, so that the trust names nothing that also holds data roles.
  const graphIdentity = new managedidentity.UserAssignedIdentity('func-graph-identity', {
    resourceName: names.functionGraphIdentity,
    resourceGroupName: rg,
    location,
    tags,
  });
  const plain: Record<PlainSettingName, pulumi.Input<string>> = {
    COSMOS_ENDPOINT: cosmos.documentEndpoint,
    COSMOS_DATABASE: DATABASE_ID_DEFAULT,
    // Two years of history (issue 37): each entry's own Cosmos time to live.
    HISTORY_RETENTION_DAYS: '730',
    STORAGE_BLOB_ENDPOINT: blobEndpoint,
    // Identity-based connection 'QueueStorage' of the queue triggers and the app's queue client, with the data
    // identity (QueueStorage__credential/__clientId, AZURE_CLIENT_ID: appSettings.ts), which holds the queue role.
    QueueStorage__queueServiceUri: queueEndpoint,
    AUTH_ISSUER: pulumi.interpolate`${authority}/v2.0`,
    // requestedAccessTokenVersion 2 (infra/README.md): Entra's tokens name the API by its client id, not api://….
    AUTH_AUDIENCE: config.apiClientId,
    AUTH_SCOPE: 'access_as_user',
    AUTH_TENANT_ID: tenantId,
    AUTH_JWKS_URI: pulumi.interpolate`${authority}/discovery/v2.0/keys`,
    GRAPH_BASE_URL: 'https://graph.microsoft.com/',
    GRAPH_AUTHORITY: authority,
    GRAPH_CLIENT_ID: config.apiClientId,
    GRAPH_MANAGED_IDENTITY_CLIENT_ID: graphIdentity.clientId,
    GRAPH_SCOPE: 'https://graph.microsoft.com/.default',
    EXTERNAL_ROLE_ASSIGNMENT: config.externalRoleAssignment,
    MAX_BODY_BYTES: config.maxBodyBytes,
    PORTAL_URL: config.customDomain ? `https://${config.customDomain}/` : pulumi.interpolate`https://${swaHostName}/`,
    DOCUMENT_STORE_DRIVE_ID: config.documentStoreDriveId,
    REMINDER_MAIL_SENDER: config.reminderMailSender,
    REMINDER_MAIL_TO: config.reminderMailTo,
    VISITOR_MAIL_SENDER: config.visitorMailSender,
    CORS_ALLOWED_ORIGINS: pulumi.all(allowedOrigins).apply((origins) => origins.join(',')),
  };
  // Key Vault references resolve when the app's settings are written. With only a system-assigned identity,
  // the identity (and so its role on the vault) exists only after the app, so the first `pulumi up` left
  // the secret settings as literal `@Microsoft.KeyVault(...)` strings until a restart. A user-assigned
  // identity exists first: it gets Key Vault Secrets User, and the app (dependsOn) is created only after
  // that assignment, already reading the vault with it (keyVaultReferenceIdentity).
  const vaultIdentity = new managedidentity.UserAssignedIdentity('func-kv-identity', {
    resourceName: names.functionVaultIdentity,
    resourceGroupName: rg,
    location,
    tags,
  });
  const vaultReader = new authorization.RoleAssignment('ra-kv-secrets-user', {
    scope: vault.id,
    principalId: vaultIdentity.principalId,
    principalType: authorization.PrincipalType.ServicePrincipal,
    roleDefinitionId: client.subscriptionId.apply((sub) => azureRoleDefinitionId(sub, azureRoles.keyVaultSecretsUser)),
  });
  // Data access (storage, queues, Cosmos DB) with a user-assigned identity too, for the same reason: a
  // system-assigned identity exists only with the app, so its roles came after it and the first minutes
  // (the package deployment included) met 403. This identity and its roles exist before the app (dependsOn).
  const dataIdentity = new managedidentity.UserAssignedIdentity('func-data-identity', {
    resourceName: names.functionDataIdentity,
    resourceGroupName: rg,
    location,
    tags,
  });
  const assign = (name: string, scope: pulumi.Input<string>, roleId: string) =>
    new authorization.RoleAssignment(name, {
      scope,
      principalId: dataIdentity.principalId,
      principalType: authorization.PrincipalType.ServicePrincipal,
      roleDefinitionId: client.subscriptionId.apply((sub) => azureRoleDefinitionId(sub, roleId)),
    });
  const dataRoles: pulumi.Resource[] = [
    // Read and write blobs in the app's own containers, each of blobContainerList (a new one is covered as it is
    // added), not in the whole account.
    ...blobContainerList.map((name, i) => assign(`ra-data-blob-contributor-${name}`, blobContainerResources[i]!.id, azureRoles.storageBlobDataContributor)),
    // Get User Delegation Key is a request to the account's blob service, so the role that allows it (and nothing
    // else: no blob data) is on the account. The SAS it signs is worth no more than the identity's container roles.
    assign('ra-data-blob-delegator', dataStorage.id, azureRoles.storageBlobDelegator),
    // Send (enqueue), receive, update and delete messages of the app's queues, and move one to its poison queue.
    assign('ra-data-queue-contributor', dataStorage.id, azureRoles.storageQueueDataContributor),
    // The host's own account: its blobs (leases, keys, the app package) and queues. No table role: nothing uses tables.
    assign('ra-host-blob-owner', hostStorage.id, azureRoles.storageBlobDataOwner),
    assign('ra-host-queue-contributor', hostStorage.id, azureRoles.storageQueueDataContributor),
    new cosmosdb.SqlResourceSqlRoleAssignment('cosmos-ra-data-contributor', {
      accountName: cosmos.name,
      resourceGroupName: rg,
      principalId: dataIdentity.principalId,
      scope: cosmos.id,
      roleDefinitionId: pulumi.interpolate`${cosmos.id}/sqlRoleDefinitions/${cosmosDataContributorRoleId}`,
    }),
  ];
  const app = new web.WebApp(
    'func',
    {
      name: names.functionApp,
      resourceGroupName: rg,
      location,
      kind: 'functionapp,linux',
      serverFarmId: plan.id,
      httpsOnly: true,
      // One identity for data access, one for the Key Vault references (both hold their roles already), one for Graph.
      identity: {
        type: web.ManagedServiceIdentityType.UserAssigned,
        userAssignedIdentities: [dataIdentity.id, vaultIdentity.id, graphIdentity.id],
      },
      keyVaultReferenceIdentity: vaultIdentity.id,
      functionAppConfig: {
        // Flex Consumption's replacement for FUNCTIONS_WORKER_RUNTIME / FUNCTIONS_EXTENSION_VERSION /
        // linuxFxVersion (Flex rejects those app settings): Node 22 on the Functions v4 host.
        runtime: { name: web.RuntimeName.Node, version: '22' },
        deployment: {
          storage: {
            type: web.FunctionsDeploymentStorageType.BlobContainer,
            value: pulumi.interpolate`${hostStorage.primaryEndpoints.blob}${DEPLOYMENT_CONTAINER}`,
            authentication: { type: web.AuthenticationType.UserAssignedIdentity, userAssignedIdentityResourceId: dataIdentity.id },
          },
        },
        scaleAndConcurrency: { maximumInstanceCount: config.functionMaxInstances, instanceMemoryMB: 2048 },
      },
      // No ftpsState: Flex Consumption has no FTP or FTPS endpoint at all ('FTPS not supported') and refuses
      // the property, as it refuses the SDK's own netFrameworkVersion default (withoutFlexRefusedSiteConfig).
      siteConfig: {
        minTlsVersion: web.SupportedTlsVersions.SupportedTlsVersions_1_2,
        http20Enabled: true,
        // No platform CORS: it cannot expose headers (ETag, Content-Disposition, Retry-After), so the app
        // answers CORS itself, preflights included, from CORS_ALLOWED_ORIGINS (functions/src/platform/http/cors.ts).
        appSettings: functionAppSettings({
          hostStorageAccountName: hostStorage.name,
          dataIdentityClientId: dataIdentity.clientId,
          appInsightsConnectionString: appInsights.connectionString,
          plain,
          secretUris,
        }),
      },
      tags,
    },
    { dependsOn: [vaultReader, ...dataRoles], transformations: [withoutFlexRefusedSiteConfig] },
  );

  const deploymentToken = web.listStaticSiteSecretsOutput({ name: swa.name, resourceGroupName: rg }).apply((s) => s.properties?.apiKey ?? '');

  return {
    env: pulumi.output(env),
    resourceGroupName: rg,
    functionAppName: app.name,
    functionAppUrl: pulumi.interpolate`https://${app.defaultHostName}`,
    staticWebAppName: swa.name,
    staticWebAppHostName: swaHostName,
    staticWebAppUrl: pulumi.interpolate`https://${swaHostName}`,
    staticWebAppDeploymentToken: pulumi.secret(deploymentToken),
    cosmosEndpoint: cosmos.documentEndpoint,
    cosmosDatabase: pulumi.output(DATABASE_ID_DEFAULT),
    blobEndpoint,
    queueEndpoint,
    keyVaultName: vault.name,
    appInsightsConnectionString: appInsights.connectionString,
    /** The Graph application permissions to grant admin consent for: the smallest set for externalRoleAssignment. */
    graphApplicationPermissions: pulumi.output(graphApplicationPermissions(config.externalRoleAssignment).map((p) => p.name)),
    /**
     * The federated identity credential the API app registration needs, as `az ad app federated-credential create
     * --parameters` takes it (infra/README.md, section 1): the app registration is made by hand, not by this program,
     * so that the deploying identity needs no right to change app registrations (which could add a secret).
     */
    graphFederatedCredential: pulumi.output({
      name: names.functionGraphIdentity,
      issuer: pulumi.interpolate`${authority}/v2.0`,
      subject: graphIdentity.principalId,
      audiences: [TOKEN_EXCHANGE_AUDIENCE],
      description: pulumi.interpolate`The Function App ${names.functionApp} asks for Graph tokens with its identity ${names.functionGraphIdentity}`,
    }),
  };
}

/** The audience Entra requires of a managed identity's token used as a federated credential's assertion. */
export const TOKEN_EXCHANGE_AUDIENCE = 'api://AzureADTokenExchange';

export type InfrastructureOutputs = ReturnType<typeof createInfrastructure>;
