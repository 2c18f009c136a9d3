import type { HttpRequest } from '@azure/functions';
import {
  inviteUserSchema,
  messages,
  updateUserSchema,
  type Country,
  type DirectoryPerson,
  type ExternalUserEntry,
  type ExternalUserState,
  type Invitation,
  type InviteUserInput,
  type User,
} from '@movers/contracts';
import { ifMatch, readValid } from '../../platform/http/body.ts';
import { badRequest, conflict, notFound } from '../../platform/http/errors.ts';
import { created, ok } from '../../platform/http/responses.ts';
import type { RouteDefinition } from '../../platform/http/route.ts';
import { getClientDoc, listClientDocs } from '../clients/index.ts';
import { listCountries } from '../countries/index.ts';
import { getDirectoryUser, inviteGuest, listGuests, listMembers, usersWithMail, type GraphUser } from './directory.ts';
import { userPhoto } from './photo.ts';
import { getProfile, listExternalProfiles, markAccepted, saveProfile, type UserProfileDoc } from './profiles.data.ts';

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

/** Where the invitation's redemption lands: the portal the invitation was sent from. */
function redirectUrl(request: HttpRequest): string {
  const origin = request.headers.get('origin');
  if (origin && /^https?:\/\/[\w.-]+(:\d+)?$/i.test(origin)) return `${origin}/`;
  return 'https://myapplications.microsoft.com/';
}

const countryOf = (id: string, countries: Country[]): Country => countries.find((c) => c.id === id) ?? { id, name: id };
const collator = new Intl.Collator('en', { sensitivity: 'base' });

export const userRoutes: RouteDefinition[] = [
  {
    name: 'users-me',
    methods: ['GET'],
    route: 'v1/users/me',
    access: 'signedIn',
    handler: async ({ principal }) => {
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
    },
  },
  {
    name: 'users-me-photo',
    methods: ['GET'],
    route: 'v1/users/me/photo/{size}',
    access: 'signedIn',
    handler: async ({ principal, params }) => userPhoto(principal.userId, params.size),
  },
  {
    name: 'users-list',
    methods: ['GET'],
    route: 'v1/users',
    access: 'internal',
    handler: async () => {
      const people: DirectoryPerson[] = (await listMembers()).map((u) => ({ id: u.id, displayName: u.displayName, mail: u.mail ?? u.userPrincipalName ?? '' }));
      return ok(people.sort((a, b) => collator.compare(a.displayName, b.displayName)));
    },
  },
  {
    name: 'users-external',
    methods: ['GET'],
    route: 'v1/users/external',
    access: 'internal',
    handler: async ({ request }) => {
      const wanted = request.query.get('client')?.trim() || undefined;
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
    },
  },
  {
    name: 'users-invite',
    methods: ['POST'],
    route: 'v1/users/invitation',
    access: 'internal',
    handler: async ({ request, principal }) => {
      const input = (await readValid(request, inviteUserSchema)) as InviteUserInput;
      const client = await clientFromBody(input.clientId);
      const email = input.email.toLowerCase();
      if ((await usersWithMail(email)).length > 0) throw conflict(messages.users.emailExists);
      const invitation = await inviteGuest({ email, name: input.name, redirectUrl: redirectUrl(request) });
      const id = invitation.invitedUser.id;
      await saveProfile({ id, clientId: client.id, externalUserState: 'PendingAcceptance', displayName: input.name, mail: email }, principal.userId);
      const answer: Invitation = {
        user: { id, displayName: input.name, mail: email, isExternal: true, externalUserState: 'PendingAcceptance', client: { id: client.id }, roles: [] },
        inviteRedeemUrl: invitation.inviteRedeemUrl,
        status: invitation.status,
      };
      return created(answer);
    },
  },
  {
    name: 'users-get',
    methods: ['GET'],
    route: 'v1/users/{userId}',
    access: 'internal',
    handler: async ({ params }) => {
      const graph = await getDirectoryUser(params.userId);
      if (!graph) throw notFound('user not found');
      return ok(toUser(graph, await getProfile(graph.id)));
    },
  },
  {
    name: 'users-update',
    methods: ['PATCH'],
    route: 'v1/users/{userId}',
    access: 'internal',
    handler: async ({ request, params, principal }) => {
      const input = (await readValid(request, updateUserSchema)) as { clientId: string };
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
        ifMatch(request),
      );
      return ok(toUser(graph, saved));
    },
  },
  {
    name: 'users-photo',
    methods: ['GET'],
    route: 'v1/users/{userId}/photo/{size}',
    access: 'internal',
    handler: async ({ params }) => userPhoto(params.userId, params.size),
  },
];
