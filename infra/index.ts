import { createInfrastructure } from './src/program.ts';

const out = createInfrastructure();

export const env = out.env;
export const resourceGroupName = out.resourceGroupName;
export const functionAppName = out.functionAppName;
export const functionAppUrl = out.functionAppUrl;
export const staticWebAppName = out.staticWebAppName;
export const staticWebAppHostName = out.staticWebAppHostName;
export const staticWebAppUrl = out.staticWebAppUrl;
export const staticWebAppDeploymentToken = out.staticWebAppDeploymentToken;
export const cosmosEndpoint = out.cosmosEndpoint;
export const cosmosDatabase = out.cosmosDatabase;
export const blobEndpoint = out.blobEndpoint;
export const queueEndpoint = out.queueEndpoint;
export const keyVaultName = out.keyVaultName;
export const appInsightsConnectionString = out.appInsightsConnectionString;
export const graphApplicationPermissions = out.graphApplicationPermissions;
export const graphFederatedCredential = out.graphFederatedCredential;
