import * as pulumi from '@pulumi/pulumi';
import { externalRoleAssignments, type ExternalRoleAssignment } from './graphPermissions.ts';
import { isEnvironment, environments, type Environment } from './names.ts';

export interface InfraConfig {
  env: Environment;
  prefix: string;
  location: string;
  staticWebAppLocation: string;
  staticWebAppSku: 'Free' | 'Standard';
  customDomain: string | undefined;
  /** Entra tenant of the app registrations; defaults to the tenant Pulumi deploys with. */
  tenantId: string | undefined;
  /** Client id of the API registration: the `aud` of its v2 access tokens, hence AUTH_AUDIENCE. */
  apiClientId: string;
  maxBodyBytes: string;
  /** Graph drive id of the SharePoint library with the brokering project folders. */
  documentStoreDriveId: string;
  /** Mailbox lease reminders are sent from (Graph sendMail; the API app needs Mail.Send); 'disabled' (default) sends none. */
  reminderMailSender: string;
  /** Mailbox mail to visitors (sign-in links, answers to their questions) is sent from ('disabled': none). */
  visitorMailSender: string;
  /** Comma-separated reminder recipients; 'creator' (default) sends each reminder to the person who created it. */
  reminderMailTo: string;
  /** 'required' where the API registration requires assignment: the portal gives invited guests the External role. */
  externalRoleAssignment: ExternalRoleAssignment;
  functionMaxInstances: number;
  /** Values of the secret settings of settings.ts, by setting name (config key = setting name). */
  secret(name: string): pulumi.Output<string>;
}

export function readConfig(): InfraConfig {
  const config = new pulumi.Config();
  const azure = new pulumi.Config('azure-native');
  const env = config.get('env') ?? pulumi.getStack();
  if (!isEnvironment(env)) throw new Error(`config env must be one of ${environments.join(', ')}, got "${env}"`);
  const location = azure.get('location') ?? config.get('location') ?? 'westeurope';
  const sku = config.get('staticWebAppSku') ?? 'Standard';
  if (sku !== 'Free' && sku !== 'Standard') throw new Error(`staticWebAppSku must be Free or Standard, got "${sku}"`);
  const apiClientId = config.require('apiClientId');
  // apiAppIdUri used to become AUTH_AUDIENCE; Entra v2 tokens never carry the Application ID URI as aud,
  // so a stack still setting it would expect an audience no token has. Stop rather than ignore it.
  if (config.get('apiAppIdUri') !== undefined)
    throw new Error(
      'config apiAppIdUri is no longer used: AUTH_AUDIENCE is apiClientId (Entra v2 access tokens); remove it with `pulumi config rm apiAppIdUri`',
    );
  // Graph has no client secret any more (issue 46): one left in the stack file would only be kept for nothing, and
  // one left on the app registration could still be used by whoever holds it. Stop until both are gone.
  if (config.getSecret('GRAPH_CLIENT_SECRET') !== undefined)
    throw new Error(
      "config GRAPH_CLIENT_SECRET is no longer used: the app gets Graph tokens with its managed identity as the API registration's federated credential; remove it with `pulumi config rm GRAPH_CLIENT_SECRET` and delete the client secret from the app registration (infra/README.md, section 1)",
    );
  const externalRoleAssignment = config.get('externalRoleAssignment') ?? 'none';
  if (!(externalRoleAssignments as readonly string[]).includes(externalRoleAssignment))
    throw new Error(`config externalRoleAssignment must be one of ${externalRoleAssignments.join(', ')}, got "${externalRoleAssignment}"`);
  return {
    env,
    prefix: config.get('prefix') ?? 'movers',
    location,
    staticWebAppLocation: config.get('staticWebAppLocation') ?? location,
    staticWebAppSku: sku,
    customDomain: config.get('customDomain') || undefined,
    tenantId: config.get('tenantId') || undefined,
    apiClientId,
    maxBodyBytes: config.get('maxBodyBytes') ?? String(64 * 1024),
    // The SharePoint document library (Graph drive id) of the brokering projects; differs per environment.
    documentStoreDriveId: config.require('documentStoreDriveId'),
    reminderMailSender: config.get('reminderMailSender') ?? 'disabled',
    visitorMailSender: config.get('visitorMailSender') ?? 'disabled',
    reminderMailTo: config.get('reminderMailTo') ?? 'creator',
    externalRoleAssignment: externalRoleAssignment as ExternalRoleAssignment,
    functionMaxInstances: config.getNumber('functionMaxInstances') ?? (env === 'prod' ? 100 : 40),
    secret: (name) => config.requireSecret(name),
  };
}
