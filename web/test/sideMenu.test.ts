import { describe, expect, it } from 'vitest';
import { menuEntries } from '../src/admin/shell/SideMenu.tsx';

const user = (roles: string[]) => ({ id: 'u', displayName: 'U', mail: 'u@x', isExternal: false, externalUserState: null, client: null, roles });

// Issue 55: the admin's side menu stayed English on a Norwegian screen.
describe("the side menu's words", () => {
  it("are the screen's language: English, or Norwegian on a Norwegian screen", () => {
    const super_ = user(['Internal', 'Internal.Super']);
    expect(menuEntries(super_).map((e) => e.name)).toEqual(['dashboard', 'clients', 'locations', 'users', 'templates']);
    expect(menuEntries(super_, 'no').map((e) => e.name)).toEqual(['oversikt', 'kunder', 'lokasjoner', 'brukere', 'maler']);
  });
});
