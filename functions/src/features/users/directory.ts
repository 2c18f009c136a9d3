import type { ExternalUserState } from '@movers/contracts';
import { Roles } from '@movers/contracts';
import { readSetting, requireSetting } from '../../platform/config/config.ts';
import { serviceUnavailable } from '../../platform/http/errors.ts';
import { graphClient, graphStatus } from '../../platform/graph/client.ts';

/** A directory (Entra ID) user as the portal reads it from Microsoft Graph. */
export interface GraphUser {
  id: string;
  displayName: string;
  mail: string | null;
  userPrincipalName?: string;
  userType: 'Member' | 'Guest' | null;
  externalUserState: ExternalUserState | null;
}

const select = 'id,displayName,mail,userPrincipalName,userType,externalUserState';
const quote = (value: string) => `'${value.replace(/'/g, "''")}'`;

/** Every page of a Graph list query. */
async function listAll(filter: string): Promise<GraphUser[]> {
  const users: GraphUser[] = [];
  let page = (await (await graphClient()).api('/users').filter(filter).select(select).top(999).get()) as { value: GraphUser[]; '@odata.nextLink'?: string };
  users.push(...page.value);
  while (page['@odata.nextLink']) {
    page = (await (await graphClient()).api(page['@odata.nextLink']).get()) as typeof page;
    users.push(...page.value);
  }
  return users;
}

export const listMembers = () => listAll("userType eq 'Member'");
export const listGuests = () => listAll("userType eq 'Guest'");

/** The directory users with this e-mail address (as mail or as sign-in name). */
export async function usersWithMail(mail: string): Promise<GraphUser[]> {
  const wanted = quote(mail.trim().toLowerCase());
  return listAll(`mail eq ${wanted} or userPrincipalName eq ${wanted}`);
}

/** A directory user by id; undefined when Graph does not know it. The one place the portal reads a user. */
export async function getDirectoryUser(id: string): Promise<GraphUser | undefined> {
  try {
    return (await (
      await graphClient()
    )
      .api(`/users/${encodeURIComponent(id)}`)
      .select(select)
      .get()) as GraphUser;
  } catch (error) {
    if (graphStatus(error) === 404 || graphStatus(error) === 400) return undefined;
    throw error;
  }
}

export interface GraphInvitation {
  id: string;
  inviteRedeemUrl: string;
  status: string;
  invitedUser: { id: string };
}

let loggedAssignment: string | undefined;

/**
 * Whether the portal gives an invited guest the External app role. Only where the API registration requires
 * assignment ('required'): that takes AppRoleAssignment.ReadWrite.All, which can grant any app role to anyone,
 * so by default ('none', or unset) the portal grants no role, and a user without an internal one is External.
 * Any other value is refused (503, logged once) before anyone is invited: a guest left without the role the
 * tenant needs could not sign in.
 */
export function externalRoleAssignment(): 'required' | 'none' {
  const value = readSetting('EXTERNAL_ROLE_ASSIGNMENT')?.trim() ?? 'none';
  if (value === 'required' || value === 'none') {
    loggedAssignment = undefined;
    return value;
  }
  if (loggedAssignment !== value) {
    loggedAssignment = value;
    console.error("setting EXTERNAL_ROLE_ASSIGNMENT cannot be used: it is neither 'required' nor 'none'; inviting users is off until it is set right");
  }
  throw serviceUnavailable('inviting users is not configured on the server: try again later');
}

let externalRole: Promise<{ servicePrincipalId: string; appRoleId: string }> | undefined;

/**
 * Gives a directory user the API's External app role. An invited guest holds no app role, so without
 * this it signs in with no `roles` (and, with 'Assignment required', not at all). The API's service
 * principal and the role's id are read from Graph once (this app's own registration, GRAPH_CLIENT_ID).
 * A user Graph does not know yet (a guest invited a moment ago) is tried again with growing waits, for
 * up to `budgetMs`; an assignment that already exists counts as done.
 */
export async function assignExternalRole(userId: string, budgetMs = ASSIGN_BUDGET_MS): Promise<void> {
  externalRole ??= (async () => {
    const appId = requireSetting('GRAPH_CLIENT_ID');
    const sp = (await (await graphClient()).api(`/servicePrincipals(appId='${appId}')`).select('id,appRoles').get()) as {
      id: string;
      appRoles: { id: string; value: string }[];
    };
    const role = sp.appRoles.find((r) => r.value === Roles.External);
    if (!role) throw new Error(`the API's service principal has no ${Roles.External} app role`);
    return { servicePrincipalId: sp.id, appRoleId: role.id };
  })().catch((error: unknown) => {
    externalRole = undefined;
    throw error;
  });
  const { servicePrincipalId, appRoleId } = await externalRole;
  const end = Date.now() + budgetMs;
  for (let wait = FIRST_WAIT_MS; ; wait = Math.min(wait * 2, MAX_WAIT_MS)) {
    try {
      await (await graphClient())
        .api(`/servicePrincipals/${servicePrincipalId}/appRoleAssignedTo`)
        .post({ principalId: userId, resourceId: servicePrincipalId, appRoleId });
      return;
    } catch (error) {
      // Already assigned (an earlier try got through, or a guest invited before): done.
      if (alreadyAssigned(error)) return;
      // Right after POST /invitations, Entra may not know the new user yet (replication takes seconds):
      // Graph answers 404 (or 400 naming the principal). Tried again, waiting longer each time, within the budget.
      const status = graphStatus(error);
      if ((status !== 404 && status !== 400) || Date.now() + wait > end) throw error;
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }
}

/** How long assigning the role waits in all for a new user to replicate, and its waits between tries. */
const ASSIGN_BUDGET_MS = 30_000;
const FIRST_WAIT_MS = 500;
const MAX_WAIT_MS = 8_000;

/** Graph answers a duplicate app role assignment 400 'Permission being assigned already exists on the object' (not 409). */
function alreadyAssigned(error: unknown): boolean {
  const status = graphStatus(error);
  if (status === 409) return true;
  const { message, body } = (error ?? {}) as { message?: unknown; body?: unknown };
  return status === 400 && /already exists on the object/i.test(`${String(message ?? '')} ${String(body ?? '')}`);
}

/** Graph's invitation manager: creates a Guest in the directory and (optionally) e-mails the invitation. */
export async function inviteGuest(input: { email: string; name: string; redirectUrl: string }): Promise<GraphInvitation> {
  return (await (await graphClient()).api('/invitations').post({
    invitedUserEmailAddress: input.email,
    invitedUserDisplayName: input.name,
    inviteRedirectUrl: input.redirectUrl,
    sendInvitationMessage: true,
  })) as GraphInvitation;
}
