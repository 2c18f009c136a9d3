/** App roles carried in the access token's `roles` claim (Entra app roles). */
export const Roles = {
  External: 'External',
  Internal: 'Internal',
  InternalSuper: 'Internal.Super',
} as const;

export type Role = (typeof Roles)[keyof typeof Roles];

export const allRoles: Role[] = Object.values(Roles);

export function isInternal(roles: readonly string[]): boolean {
  return roles.includes(Roles.Internal) || roles.includes(Roles.InternalSuper);
}

export function isSuper(roles: readonly string[]): boolean {
  return roles.includes(Roles.InternalSuper);
}

/** External means: carries the External role and no internal one. */
export function isExternal(roles: readonly string[]): boolean {
  return !isInternal(roles);
}
