import { describe, expect, it } from 'vitest';
import { menuEntries, selectedEntry } from '../src/admin/shell/SideMenu.tsx';
import { pathTo, routeTable } from '../src/admin/routeTable.ts';

describe('route table', () => {
  it('builds paths from keys and encodes parameters', () => {
    expect(pathTo('CLIENT_DASHBOARD', { clientId: 'a/b' })).toBe('/admin/clients/a%2Fb');
    expect(pathTo('MOVE_FAQs', { clientId: 'c', locationId: 'l', moveId: 'm' })).toBe('/admin/clients/c/l/m/FAQs');
    expect(pathTo('ROOT')).toBe('/');
  });

  it('resolves an unknown route key to /404', () => {
    expect((pathTo as (k: string) => string)('NO_SUCH_KEY')).toBe('/404');
  });

  it("holds every route key of both specification documents, and the move-day board, the move's recent changes and its waves beyond them (issues 36, 37, 48)", () => {
    expect(Object.keys(routeTable)).toHaveLength(39);
    expect(pathTo('MOVE_WAVES', { clientId: 'c', locationId: 'l', moveId: 'm' })).toBe('/admin/clients/c/l/m/waves');
    expect(pathTo('MOVE_DAY', { clientId: 'c', locationId: 'l', moveId: 'm' })).toBe('/admin/clients/c/l/m/move-day');
    expect(pathTo('MOVE_HISTORY', { clientId: 'c', locationId: 'l', moveId: 'm' })).toBe('/admin/clients/c/l/m/recent-changes');
  });
});

describe('side menu', () => {
  const user = (roles: string[], client: { id: string } | null = null) => ({
    id: 'u',
    displayName: 'U',
    mail: 'u@x',
    isExternal: !roles.some((r) => r.startsWith('Internal')),
    externalUserState: null,
    client,
    roles,
  });

  it('shows an External user only their dashboard, linked to their client', () => {
    expect(menuEntries(user(['External'], { id: 'c1' }))).toEqual([expect.objectContaining({ name: 'dashboard', url: '/admin/clients/c1' })]);
  });

  it('shows internal users the admin entries that exist', () => {
    expect(menuEntries(user(['Internal'])).map((e) => e.name)).toEqual(['dashboard', 'clients', 'locations', 'users']);
  });

  it('highlights the entry a location was opened from: the locations list, or its client', () => {
    const entries = menuEntries(user(['Internal']));
    const location = '/admin/clients/c1/locations/l1';
    expect(selectedEntry(entries, '/admin/locations', 'CLIENTS_ROOT')).toBe('LOCATIONS_ROOT');
    expect(selectedEntry(entries, location, 'LOCATIONS_ROOT')).toBe('LOCATIONS_ROOT');
    expect(selectedEntry(entries, `${location}/edit`, 'LOCATIONS_ROOT')).toBe('LOCATIONS_ROOT');
    expect(selectedEntry(entries, location, 'CLIENTS_ROOT')).toBe('CLIENTS_ROOT');
    expect(selectedEntry(entries, location, undefined)).toBe('CLIENTS_ROOT');
    // A client's dashboard is the clients entry's, whatever came before.
    expect(selectedEntry(entries, '/admin/clients/c1', 'LOCATIONS_ROOT')).toBe('CLIENTS_ROOT');
  });

  it('keeps the entry a location was reached from on its create-move screen, and on the location after it', () => {
    const entries = menuEntries(user(['Internal']));
    const createMove = '/admin/locations/c1/l1/create-move';
    expect(selectedEntry(entries, createMove, 'CLIENTS_ROOT')).toBe('CLIENTS_ROOT');
    expect(selectedEntry(entries, '/admin/clients/c1/locations/l1', selectedEntry(entries, createMove, 'CLIENTS_ROOT'))).toBe('CLIENTS_ROOT');
    expect(selectedEntry(entries, createMove, 'LOCATIONS_ROOT')).toBe('LOCATIONS_ROOT');
  });
});
