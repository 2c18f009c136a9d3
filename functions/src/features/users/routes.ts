import type { User } from '@movers/contracts';
import { ok } from '../../platform/http/responses.ts';
import type { RouteDefinition } from '../../platform/http/route.ts';
import { userPhoto } from './photo.ts';
import { getProfile } from './profiles.data.ts';

export const userRoutes: RouteDefinition[] = [
  {
    name: 'users-me',
    methods: ['GET'],
    route: 'v1/users/me',
    access: 'signedIn',
    handler: async ({ principal }) => {
      const profile = await getProfile(principal.userId);
      const clientId = principal.isExternal ? (profile?.clientId ?? null) : null;
      const me: User = {
        id: principal.userId,
        displayName: principal.name,
        mail: principal.email,
        isExternal: principal.isExternal,
        externalUserState: profile?.externalUserState ?? null,
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
];
