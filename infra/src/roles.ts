/** Built-in Azure role definition ids (the same in every tenant). */
export const azureRoles = {
  storageBlobDataContributor: 'ba92f5b4-2d11-453d-a403-e96b0029c9fe',
  storageBlobDataOwner: 'b7e6dc6d-f1e8-4753-8033-0f276bb0955b',
  storageQueueDataContributor: '974c5e8b-45b9-4653-ba55-5f855dd0fb88',
  storageTableDataContributor: '0a9a7e1f-b9d0-4cc4-a60d-0319b160aaa3',
  keyVaultSecretsUser: '4633458b-17de-408a-b874-0445c86b69e6',
} as const;

/** Cosmos DB built-in data-plane role "Cosmos DB Built-in Data Contributor" (a Cosmos SQL role, not an Azure role). */
export const cosmosDataContributorRoleId = '00000000-0000-0000-0000-000000000002';

export function azureRoleDefinitionId(subscriptionId: string, roleId: string): string {
  return `/subscriptions/${subscriptionId}/providers/Microsoft.Authorization/roleDefinitions/${roleId}`;
}
