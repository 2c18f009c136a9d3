/**
 * Whether the portal gives invited guests the API's External app role (EXTERNAL_ROLE_ASSIGNMENT). 'required'
 * only where the API registration requires assignment; by default ('none') a user without an internal role is
 * External, and the portal needs no right to grant roles.
 */
export const externalRoleAssignments = ['none', 'required'] as const;
export type ExternalRoleAssignment = (typeof externalRoleAssignments)[number];

export interface GraphPermission {
  /** The Microsoft Graph application permission (app role) to grant admin consent for. */
  name: string;
  why: string;
}

const always: GraphPermission[] = [
  { name: 'User.Read.All', why: 'read users and their photos (features/users/directory.ts, photo.ts)' },
  { name: 'User.Invite.All', why: 'invite external users (B2B invitations)' },
];
// Mail.Send is not among them: granted in Entra it may send as any mailbox of the tenant, and Entra's and
// Exchange's grants add up. It is granted in Exchange Online, scoped to the two senders (README, step 6).

/**
 * AppRoleAssignment.ReadWrite.All can grant any app role to any principal, Graph's own roles and the holder
 * itself included: it is asked for only where the portal must assign the External role.
 */
const forAssignment: GraphPermission[] = [
  { name: 'Application.Read.All', why: "read the API's service principal and its External role's id" },
  { name: 'AppRoleAssignment.ReadWrite.All', why: 'give an invited guest the External app role' },
];

/** The smallest set of Graph application permissions the API registration needs for the choice. */
export function graphApplicationPermissions(assignment: ExternalRoleAssignment): GraphPermission[] {
  return assignment === 'required' ? [...always, ...forAssignment] : always;
}
