/** Built-in Azure role definition ids (the same in every tenant) of the roles the program grants. */
export const azureRoles = {
  storageBlobDataContributor: 'ba92f5b4-2d11-453d-a403-e96b0029c9fe',
  // Get User Delegation Key (an account-level request) only: the user delegation SAS of a large upload.
  storageBlobDelegator: 'db58b8e5-c6ad-4a2a-8342-4190687cbf4a',
  storageBlobDataOwner: 'b7e6dc6d-f1e8-4753-8033-0f276bb0955b',
  storageQueueDataContributor: '974c5e8b-45b9-4653-ba55-5f855dd0fb88',
  keyVaultSecretsUser: '4633458b-17de-408a-b874-0445c86b69e6',
} as const;

/**
 * Built-in roles the docs name that the program never grants: the deploying identity's own (infra/README.md,
 * 'Prerequisites'), and the ones the docs say are not needed.
 */
export const otherAzureRoles = {
  contributor: 'b24988ac-6180-42a0-ab88-20f7382dd24c',
  roleBasedAccessControlAdministrator: 'f58310d9-a9f6-439a-9e8d-f62e7b41a168',
  owner: '8e3af657-a8ff-443c-a75c-2fe8c4bcb635',
  userAccessAdministrator: '18d7d88d-d35e-4fb5-a5c3-7773c20a72d9',
  websiteContributor: 'de139f84-1756-47ae-9be6-808fbbe84772',
  keyVaultSecretsOfficer: 'b86a8fe4-44ce-4948-aee5-eccb2c155cd7',
  storageTableDataContributor: '0a9a7e1f-b9d0-4cc4-a60d-0319b160aaa3',
} as const;

/** Each role's name as Microsoft's list of built-in roles spells it, by role definition id. */
export const azureRoleNames: Record<string, string> = {
  [azureRoles.storageBlobDataContributor]: 'Storage Blob Data Contributor',
  [azureRoles.storageBlobDelegator]: 'Storage Blob Delegator',
  [azureRoles.storageBlobDataOwner]: 'Storage Blob Data Owner',
  [azureRoles.storageQueueDataContributor]: 'Storage Queue Data Contributor',
  [azureRoles.keyVaultSecretsUser]: 'Key Vault Secrets User',
  [otherAzureRoles.contributor]: 'Contributor',
  [otherAzureRoles.roleBasedAccessControlAdministrator]: 'Role Based Access Control Administrator',
  [otherAzureRoles.owner]: 'Owner',
  [otherAzureRoles.userAccessAdministrator]: 'User Access Administrator',
  [otherAzureRoles.websiteContributor]: 'Website Contributor',
  [otherAzureRoles.keyVaultSecretsOfficer]: 'Key Vault Secrets Officer',
  [otherAzureRoles.storageTableDataContributor]: 'Storage Table Data Contributor',
};

/** Cosmos DB built-in data-plane role "Cosmos DB Built-in Data Contributor" (a Cosmos SQL role, not an Azure role). */
export const cosmosDataContributorRoleId = '00000000-0000-0000-0000-000000000002';

export function azureRoleDefinitionId(subscriptionId: string, roleId: string): string {
  return `/subscriptions/${subscriptionId}/providers/Microsoft.Authorization/roleDefinitions/${roleId}`;
}
