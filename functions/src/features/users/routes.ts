import {
  api,
  messages,
  type Country,
  type DirectoryPerson,
  type ExternalUserEntry,
  type ExternalUserState,
  type Invitation,
  type User,
} from '@movers/contracts';
import { requireSetting } from '../../platform/config/config.ts';
import { badGateway, badRequest, conflict, notFound } from '../../platform/http/errors.ts';
import { graphStatus } from '../../platform/graph/client.ts';
import { created, ok, withEtag } from '../../platform/http/responses.ts';
import { type BoundRoute, bind } from '../../platform/http/route.ts';
import { getClientDoc, listClientDocs } from '../clients/index.ts';
import { listCountries } from '../countries/index.ts';
import {
  assignExternalRole,
  externalRoleAssignment,
  getDirectoryUser,
  inviteGuest,
  listGuests,
  listMembers,
  usersWithMail,
  type GraphUser,
} from './directory.ts';
import { userPhoto } from './photo.ts';
import { getProfile, listExternalProfiles, markAccepted, NO_PROFILE_ETAG, saveProfile, type UserProfileDoc } from './profiles.data.ts';

/** Accepted wins: the directory flips it when the invitation is redeemed, the portal on first sign-in. */
function stateOf(graph: GraphUser | undefined, profile: UserProfileDoc | undefined): ExternalUserState | null {
  const states = [profile?.externalUserState, graph?.externalUserState];
  if (states.includes('Accepted')) return 'Accepted';
  return states.find((s): s is ExternalUserState => Boolean(s)) ?? null;
}

function toUser(graph: GraphUser, profile: UserProfileDoc | undefined): User {
  const isExternal = graph.userType === 'Guest';
  return {
    id: graph.id,
    displayName: graph.displayName,
    mail: graph.mail ?? graph.userPrincipalName ?? '',
    isExternal,
    externalUserState: isExternal ? stateOf(graph, profile) : null,
    client: isExternal && profile?.clientId ? { id: profile.clientId } : null,
    roles: [],
  };
}

/** A clientId in a body must name an existing client: 400 with a field error otherwise, nothing changes. */
async function clientFromBody(clientId: string) {
  const client = await getClientDoc(clientId);
  if (!client) throw badRequest('client not found', { clientId: 'client not found' });
  return client;
}

/** Where the invitation's redemption lands: the portal's own address, from configuration, never from the request. */
const redirectUrl = () => requireSetting('PORTAL_URL');

const countryOf = (id: string, countries: Country[]): Country => countries.find((c) => c.id === id) ?? { id, name: id };
const collator = new Intl.Collator('en', { sensitivity: 'base' });

export const userRoutes: BoundRoute[] = [
  bind(api.users.me, async ({ principal }) => {
    const profile = await getProfile(principal.userId);
    let state = profile?.externalUserState ?? null;
    // An invited user's first sign-in accepts the invitation (decisions.md).
    if (principal.isExternal && state === 'PendingAcceptance') {
      await markAccepted(principal.userId);
      state = 'Accepted';
    }
    const clientId = principal.isExternal ? (profile?.clientId ?? null) : null;
    const me: User = {
      id: principal.userId,
      displayName: principal.name,
      mail: principal.email,
      isExternal: principal.isExternal,
      externalUserState: state,
      client: clientId ? { id: clientId } : null,
      roles: principal.roles,
    };
    return ok(me);
  }),
  bind(api.users.myPhoto, async ({ principal, params }) => userPhoto(principal.userId, params.size)),
  bind(api.users.list, async () => {
    const people: DirectoryPerson[] = (await listMembers()).map((u) => ({ id: u.id, displayName: u.displayName, mail: u.mail ?? u.userPrincipalName ?? '' }));
    return ok(people.sort((a, b) => collator.compare(a.displayName, b.displayName)));
  }),
  bind(api.users.external, async ({ query }) => {
    const wanted = query.client || undefined;
    if (wanted && !(await getClientDoc(wanted))) throw notFound('client not found');
    const [guests, profiles, clients, countries] = await Promise.all([listGuests(), listExternalProfiles(), listClientDocs(), listCountries()]);
    const profileOf = new Map(profiles.map((p) => [p.id, p]));
    const clientOf = new Map(clients.map((c) => [c.id, c]));
    const entries: ExternalUserEntry[] = guests
      .map((guest) => {
        const profile = profileOf.get(guest.id);
        const client = profile?.clientId ? clientOf.get(profile.clientId) : undefined;
        return {
          user: {
            id: guest.id,
            displayName: guest.displayName,
            mail: guest.mail ?? guest.userPrincipalName ?? '',
            externalUserState: stateOf(guest, profile),
          },
          client: client ? { id: client.id, name: client.name, country: countryOf(client.countryId, countries) } : null,
        };
      })
      .filter((entry) => !wanted || entry.client?.id === wanted);
    // Default order: client name (users without a client last), then name.
    entries.sort(
      (a, b) =>
        (a.client ? 0 : 1) - (b.client ? 0 : 1) ||
        collator.compare(a.client?.name ?? '', b.client?.name ?? '') ||
        collator.compare(a.user.displayName, b.user.displayName),
    );
    return ok(entries);
  }),
  bind(api.users.invite, async ({ body, principal }) => {
    const input = body;
    // Read first: a malformed setting invites nobody (a guest without the role a tenant requires could not sign in).
    const assignment = externalRoleAssignment();
    const client = await clientFromBody(input.clientId);
    const email = input.email.toLowerCase();
    // The address is taken by anyone but a guest the portal has no profile of. Such a guest is an
    // invitation left half done (the role assignment failed, or Entra had not replicated the guest in
    // time; the profile is saved last): inviting again finishes it. Graph answers the existing guest.
    const existing = await usersWithMail(email);
    if (existing.length > 1 || existing.some((user) => user.userType !== 'Guest')) throw conflict(messages.users.emailExists);
    if (existing.length === 1 && (await getProfile(existing[0].id))) throw conflict(messages.users.emailExists);
    const invitation = await inviteGuest({ email, name: input.name, redirectUrl: redirectUrl() });
    const id = invitation.invitedUser.id;
    // A guest Graph's list did not show yet (replication) may already be the portal's.
    if (await getProfile(id)) throw conflict(messages.users.emailExists);
    if (assignment === 'required') {
      try {
        await assignExternalRole(id);
      } catch (error) {
        const status = graphStatus(error);
        if (status !== undefined && status >= 400) throw badGateway(messages.users.roleNotAssigned);
        throw error;
      }
    }
    await saveProfile({ id, clientId: client.id, externalUserState: 'PendingAcceptance', displayName: input.name, mail: email }, principal.userId);
    const answer: Invitation = {
      user: { id, displayName: input.name, mail: email, isExternal: true, externalUserState: 'PendingAcceptance', client: { id: client.id }, roles: [] },
      inviteRedeemUrl: invitation.inviteRedeemUrl,
      status: invitation.status,
    };
    return created(answer);
  }),
  bind(api.users.get, async ({ params }) => {
    const graph = await getDirectoryUser(params.userId);
    if (!graph) throw notFound('user not found');
    const profile = await getProfile(graph.id);
    return withEtag({ ...toUser(graph, profile), etag: profile?.etag ?? NO_PROFILE_ETAG });
  }),
  bind(api.users.update, async ({ body, params, principal, ifMatch }) => {
    const input = body;
    const graph = await getDirectoryUser(params.userId);
    if (!graph) throw notFound('user not found');
    if (graph.userType !== 'Guest')
      throw badRequest('only external users can be assigned to a client', { clientId: 'only external users can be assigned to a client' });
    const client = await clientFromBody(input.clientId);
    const profile = await getProfile(graph.id);
    const saved = await saveProfile(
      {
        ...(profile ?? { id: graph.id, displayName: graph.displayName, mail: graph.mail ?? undefined }),
        clientId: client.id,
        externalUserState: stateOf(graph, profile) ?? 'PendingAcceptance',
      },
      principal.userId,
      ifMatch(),
    );
    return withEtag({ ...toUser(graph, saved), etag: saved.etag });
  }),
  bind(api.users.photo, async ({ params }) => userPhoto(params.userId, params.size)),
];
