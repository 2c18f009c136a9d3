/**
 * Every route key and path of both specification documents, with its access rule. Screens exist only
 * for what is built (`built` below); links to unbuilt screens are not shown.
 */
export type Access = 'public' | 'protected' | 'signedIn' | 'notExternal' | 'internal' | 'super';

const move = '/admin/clients/:clientId/:locationId/:moveId';

export const routeTable = {
  ROOT: { path: '/', access: 'public' },
  ADMIN_ROOT: { path: '/admin', access: 'notExternal' },
  NO_CLIENT: { path: '/admin/no-client', access: 'protected' },
  CLIENTS_ROOT: { path: '/admin/clients', access: 'notExternal' },
  ADD_CLIENT: { path: '/admin/clients/add-client', access: 'notExternal' },
  CLIENT_DASHBOARD: { path: '/admin/clients/:clientId', access: 'signedIn' },
  EDIT_CLIENT: { path: '/admin/clients/:clientId/edit', access: 'notExternal' },
  CREATE_LEASE: { path: '/admin/clients/:clientId/create-lease', access: 'notExternal' },
  EDIT_LEASE: { path: '/admin/clients/:clientId/:leaseId/edit-lease', access: 'notExternal' },
  REMINDERS: { path: '/admin/clients/:clientId/:leaseId/reminders', access: 'notExternal' },
  CLIENT_LOCATION: { path: '/admin/clients/:clientId/locations/:locationId', access: 'signedIn' },
  CLIENT_LOCATION_EDIT: { path: '/admin/clients/:clientId/locations/:locationId/edit', access: 'notExternal' },
  CREATE_CLIENT_LOCATION: { path: '/admin/clients/:clientId/create-location', access: 'notExternal' },
  CREATE_BROKERING_SERVICE: { path: '/admin/clients/:clientId/create-brokering', access: 'notExternal' },
  BROKERING_DASHBOARD: { path: '/admin/clients/:clientId/:brokeringId/brokering-dashboard', access: 'signedIn' },
  BROKERING_TIMELINE: { path: '/admin/clients/:clientId/:brokeringId/timeline', access: 'signedIn' },
  EDIT_BROKERING_PROJECT: { path: '/admin/clients/:clientId/:brokeringId/edit', access: 'notExternal' },
  LOCATIONS_ROOT: { path: '/admin/locations', access: 'notExternal' },
  CREATE_LOCATION_SERVICE: { path: '/admin/locations/:clientId/:locationId/create-move', access: 'notExternal' },
  USERS_LIST: { path: '/admin/users', access: 'internal' },
  CREATE_USER: { path: '/admin/users/create', access: 'internal' },
  EDIT_USER: { path: '/admin/users/:userId', access: 'internal' },
  MOVE_PAGES: { path: `${move}/pages`, access: 'signedIn' },
  MOVE_FEEDBACK: { path: `${move}/feedback`, access: 'signedIn' },
  MOVE_DAY: { path: `${move}/move-day`, access: 'signedIn' },
  MOVE_FAQs: { path: `${move}/FAQs`, access: 'signedIn' },
  CREATE_MOVE_PAGE: { path: '/admin/clients/:clientId/:locationId/:templateId/new', access: 'signedIn' },
  EDIT_PAGE: { path: '/admin/clients/:clientId/:locationId/:movePageId/edit', access: 'signedIn' },
  FLOOR_PLANNER: { path: `${move}/floor-planner`, access: 'signedIn' },
  DOCUMENTS: { path: `${move}/documents`, access: 'signedIn' },
  MOVE_TIMELINE: { path: `${move}/timeline`, access: 'signedIn' },
  MOVE_CONTACTS: { path: `${move}/contacts`, access: 'signedIn' },
  MOVE_DETAILS: { path: `${move}/details`, access: 'signedIn' },
  /** The move's recent changes (issue 37): not in the spec, reached from the move service's tiles. */
  MOVE_HISTORY: { path: `${move}/recent-changes`, access: 'signedIn' },
  /** A move's waves (issue 48): not in the spec, reached from the move service's tiles. */
  MOVE_WAVES: { path: `${move}/waves`, access: 'signedIn' },
  EDIT_LOCATION_MOVE_SERVICE: { path: `${move}/edit-move`, access: 'notExternal' },
  TEMPLATES_ROOT: { path: '/admin/templates', access: 'super' },
  CREATE_TEMPLATE: { path: '/admin/templates/new', access: 'super' },
  EDIT_TEMPLATE: { path: '/admin/templates/:templateId/edit', access: 'super' },
} as const satisfies Record<string, { path: string; access: Access }>;

export type RouteKey = keyof typeof routeTable;

/** The screens that exist so far; every other key has no screen and no link. */
export const builtRoutes = new Set<RouteKey>([
  'ROOT',
  'ADMIN_ROOT',
  'NO_CLIENT',
  'CLIENTS_ROOT',
  'ADD_CLIENT',
  'CLIENT_DASHBOARD',
  'EDIT_CLIENT',
  'CREATE_LEASE',
  'EDIT_LEASE',
  'REMINDERS',
  'LOCATIONS_ROOT',
  'CLIENT_LOCATION',
  'CLIENT_LOCATION_EDIT',
  'CREATE_CLIENT_LOCATION',
  'USERS_LIST',
  'CREATE_USER',
  'EDIT_USER',
  'CREATE_BROKERING_SERVICE',
  'EDIT_BROKERING_PROJECT',
  'BROKERING_DASHBOARD',
  'BROKERING_TIMELINE',
  'CREATE_LOCATION_SERVICE',
  'EDIT_LOCATION_MOVE_SERVICE',
  'TEMPLATES_ROOT',
  'CREATE_TEMPLATE',
  'EDIT_TEMPLATE',
  'MOVE_PAGES',
  'DOCUMENTS',
  'CREATE_MOVE_PAGE',
  'EDIT_PAGE',
  'MOVE_TIMELINE',
  'MOVE_FAQs',
  'MOVE_CONTACTS',
  'MOVE_DETAILS',
  'MOVE_HISTORY',
  'MOVE_WAVES',
  'MOVE_FEEDBACK',
  'MOVE_DAY',
  'FLOOR_PLANNER',
]);

type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

export type RouteParams<K extends RouteKey> = Record<ParamNames<(typeof routeTable)[K]['path']>, string>;

/** Builds a path from a route key and its parameters; an unknown key resolves to /404. */
export function pathTo<K extends RouteKey>(key: K, ...[params]: ParamNames<(typeof routeTable)[K]['path']> extends never ? [] : [RouteParams<K>]): string {
  const route = (routeTable as Record<string, { path: string }>)[key];
  if (!route) return '/404';
  return route.path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent((params as Record<string, string> | undefined)?.[name] ?? ''));
}

export const isBuilt = (key: RouteKey) => builtRoutes.has(key);
