export const environments = ['dev', 'test', 'prod'] as const;
export type Environment = (typeof environments)[number];

export function isEnvironment(value: string): value is Environment {
  return (environments as readonly string[]).includes(value);
}

/** Resource names derived from the project prefix and the environment, checked against Azure's rules. */
export function resourceNames(prefix: string, env: Environment) {
  if (!/^[a-z][a-z0-9]{1,11}$/.test(prefix)) {
    throw new Error(`prefix "${prefix}" must be 2-12 lowercase letters or digits, starting with a letter`);
  }
  const names = {
    resourceGroup: `rg-${prefix}-${env}`,
    logAnalytics: `log-${prefix}-${env}`,
    appInsights: `appi-${prefix}-${env}`,
    cosmosAccount: `cosmos-${prefix}-${env}`,
    dataStorage: `st${prefix}${env}data`,
    hostStorage: `st${prefix}${env}func`,
    keyVault: `kv-${prefix}-${env}`,
    plan: `plan-${prefix}-${env}`,
    functionApp: `func-${prefix}-${env}`,
    /** User-assigned identity the Function App reads Key Vault references with. */
    functionVaultIdentity: `id-${prefix}-${env}-kv`,
    /** User-assigned identity the Function App reaches its storage and Cosmos DB with (roles given before the app exists). */
    functionDataIdentity: `id-${prefix}-${env}-data`,
    /** User-assigned identity the API app registration trusts as a federated credential: the app's only way to Graph. */
    functionGraphIdentity: `id-${prefix}-${env}-graph`,
    staticWebApp: `swa-${prefix}-${env}`,
  };
  for (const storage of [names.dataStorage, names.hostStorage]) {
    if (!/^[a-z0-9]{3,24}$/.test(storage)) throw new Error(`storage account name ${storage} is invalid`);
  }
  if (names.keyVault.length > 24) throw new Error(`key vault name ${names.keyVault} is longer than 24`);
  return names;
}

export type ResourceNames = ReturnType<typeof resourceNames>;
