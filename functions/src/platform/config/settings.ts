/**
 * Every setting the Functions code reads, in one list. `local.settings.example.json` lists the same
 * names with local defaults, and infra/ sets every setting that is not `localOnly` (a test in each
 * place fails when they drift). Code reads settings only through `readSetting` in config.ts.
 */
export interface SettingDefinition {
  name: string;
  description: string;
  /** Held in Key Vault in Azure and referenced from the app settings. */
  secret?: boolean;
  /** Only the local stack sets it; in Azure its absence selects the managed-identity path. */
  localOnly?: boolean;
  /** Optional everywhere: the code has a default. */
  optional?: boolean;
}

export const settings = [
  { name: 'COSMOS_ENDPOINT', description: 'Cosmos DB account endpoint' },
  { name: 'COSMOS_DATABASE', description: 'Cosmos DB database id', optional: true },
  {
    name: 'HISTORY_RETENTION_DAYS',
    description:
      "Days a history entry is kept (its Cosmos time to live); 730 when unset; a value that is not a whole number of days from 1, or above 24855 (Cosmos's largest time to live), refuses every recorded write (503)",
    optional: true,
  },
  {
    name: 'COSMOS_KEY',
    description: 'Account key of the local Cosmos emulator; unset in Azure, where the managed identity is used',
    localOnly: true,
  },
  { name: 'STORAGE_BLOB_ENDPOINT', description: 'Blob service endpoint, used with the managed identity' },
  {
    name: 'STORAGE_CONNECTION_STRING',
    description: 'Connection string for Azurite locally; unset in Azure, where the managed identity is used',
    localOnly: true,
  },
  {
    name: 'QueueStorage__queueServiceUri',
    description:
      "Queue service endpoint of the app's data storage account (identity-based connection 'QueueStorage' of the queue triggers, and the app's own queue client)",
  },
  {
    name: 'QueueStorage',
    description: "Connection string of Azurite's queue service locally; unset in Azure, where QueueStorage__queueServiceUri and the managed identity are used",
    localOnly: true,
  },
  { name: 'AUTH_ISSUER', description: 'Expected issuer of access tokens, e.g. https://login.microsoftonline.com/{tenant}/v2.0' },
  {
    name: 'AUTH_AUDIENCE',
    description: 'Expected audience of access tokens: the API registration client id (Entra v2 tokens never carry the Application ID URI as aud)',
  },
  { name: 'AUTH_SCOPE', description: "The API's delegated scope name required in tokens' scp (default access_as_user)", optional: true },
  { name: 'AUTH_TENANT_ID', description: "Tenant id required in tokens' tid (default: the tenant in AUTH_ISSUER)", optional: true },
  { name: 'AUTH_JWKS_URI', description: "URL of the identity provider's signing keys" },
  { name: 'GRAPH_BASE_URL', description: 'Microsoft Graph base URL (v1.0/ is appended)', optional: true },
  { name: 'GRAPH_AUTHORITY', description: 'Authority that issues Graph tokens, e.g. https://login.microsoftonline.com/{tenant}' },
  { name: 'GRAPH_CLIENT_ID', description: 'Client id of the API app registration used for Graph calls (it holds no client secret)' },
  {
    name: 'GRAPH_MANAGED_IDENTITY_CLIENT_ID',
    description:
      "Client id of the Function App's user-assigned identity that the API app registration trusts as a federated identity credential: its token (audience api://AzureADTokenExchange) is the client assertion of the Graph token request",
  },
  { name: 'GRAPH_SCOPE', description: 'Scope requested for Graph app tokens', optional: true },
  {
    name: 'EXTERNAL_ROLE_ASSIGNMENT',
    description:
      "'required' where the API app registration requires assignment: the portal gives each invited guest the External app role (Graph Application.Read.All and AppRoleAssignment.ReadWrite.All); unset or 'none' (the default): it grants no app role, and a user without an internal role is External; any other value: invitations answer 503",
    optional: true,
  },
  {
    name: 'CORS_ALLOWED_ORIGINS',
    description: "Origins (comma-separated) the app's own CORS allows: the portal's; the platform's CORS is off",
  },
  {
    name: 'PORTAL_URL',
    description:
      "The portal's own address (the Static Web App), where an invited user's redemption lands; visitor sign-in links and the label sheet's seat links start with it",
  },
  { name: 'MAX_BODY_BYTES', description: 'Largest JSON request body accepted', optional: true },
  {
    name: 'DOCUMENT_STORE_DRIVE_ID',
    description: 'Graph drive id of the SharePoint document library holding the brokering project folders',
  },
  {
    name: 'REMINDER_MAIL_SENDER',
    description: "Mailbox (UPN or id) lease reminders are sent from via Graph sendMail (needs Mail.Send); unset or 'disabled': none are mailed",
    optional: true,
  },
  {
    name: 'REMINDER_MAIL_TO',
    description: "Comma-separated addresses that receive lease reminders; unset or 'creator': the reminder's creator receives it",
    optional: true,
  },
  {
    name: 'VISITOR_SESSION_SECRET',
    description: 'Key (at least 32 characters) that signs visitor sessions (HMAC); changing it ends every visitor session',
    secret: true,
  },
  {
    name: 'VISITOR_MAIL_SENDER',
    description:
      "Mailbox (UPN or id) mail to visitors is sent from via Graph sendMail (needs Mail.Send): sign-in links and answers to their questions; unset or 'disabled': none are mailed",
    optional: true,
  },
] as const satisfies readonly SettingDefinition[];

export type SettingName = (typeof settings)[number]['name'];
