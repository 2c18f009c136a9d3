import type { User } from '@movers/contracts';
import { describe, expect, it } from 'vitest';
import { landingPath, mayOpen } from '../src/admin/auth/access.ts';

const user = (roles: string[], client: string | null): User => ({
  id: 'u',
  displayName: 'U',
  mail: 'u@example.test',
  isExternal: !roles.some((r) => r.startsWith('Internal')),
  externalUserState: null,
  client: client ? { id: client } : null,
  roles,
});
const staff = user(['Internal'], null);
const extA = user(['External'], 'A');
const extNone = user(['External'], null);

describe('deep links after signing in', () => {
  it('returns to a screen the user may open, with its query string', () => {
    expect(mayOpen(staff, '/admin/clients/A/B_1/brokering-dashboard')).toBe(true);
    expect(mayOpen(staff, '/admin/clients?name=nord')).toBe(true);
    expect(mayOpen(extA, '/admin/clients/A/locations/L1')).toBe(true);
  });

  it('does not return to screens the user may not see, unknown paths or the sign-in page', () => {
    expect(mayOpen(extA, '/admin/clients/B')).toBe(false);
    expect(mayOpen(extA, '/admin/clients')).toBe(false);
    expect(mayOpen(extA, '/admin/users')).toBe(false);
    expect(mayOpen(extNone, '/admin/clients/A')).toBe(false);
    expect(mayOpen(staff, '/admin/templates')).toBe(false);
    expect(mayOpen(staff, '/no/such/page')).toBe(false);
    expect(mayOpen(staff, '/')).toBe(false);
  });

  it("ranks literal segments first: 'add-client' is the form, not a client id", () => {
    expect(mayOpen(staff, '/admin/clients/add-client')).toBe(true);
    expect(mayOpen(extA, '/admin/clients/add-client')).toBe(false);
  });

  it('lands internal users on the dashboard and External users on their client or NO_CLIENT', () => {
    expect(landingPath(staff)).toBe('/admin');
    expect(landingPath(extA)).toBe('/admin/clients/A');
    expect(landingPath(extNone)).toBe('/admin/no-client');
  });
});
