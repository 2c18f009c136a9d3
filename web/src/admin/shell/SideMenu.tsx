import { Nav, type INavLink } from '@fluentui/react';
import type { User } from '@movers/contracts';
import { useLocation, useNavigate } from 'react-router-dom';
import { isBuilt, pathTo, type RouteKey } from '../routeTable.ts';

export const DRAWER_WIDTH = 220;

/** Menu entries by role (spec part 1, section 6); entries of unbuilt screens are left out. */
export function menuEntries(user: User): { key: RouteKey; name: string; url: string; icon: string }[] {
  const internal = user.roles.includes('Internal') || user.roles.includes('Internal.Super');
  const entries: { key: RouteKey; name: string; url: string; icon: string }[] = [];
  if (internal) entries.push({ key: 'ADMIN_ROOT', name: 'dashboard', url: pathTo('ADMIN_ROOT'), icon: 'Home' });
  else if (user.client)
    entries.push({ key: 'CLIENT_DASHBOARD', name: 'dashboard', url: pathTo('CLIENT_DASHBOARD', { clientId: user.client.id }), icon: 'Home' });
  if (internal) {
    entries.push({ key: 'CLIENTS_ROOT', name: 'clients', url: pathTo('CLIENTS_ROOT'), icon: 'CityNext' });
    entries.push({ key: 'LOCATIONS_ROOT', name: 'locations', url: pathTo('LOCATIONS_ROOT'), icon: 'MapPin' });
    entries.push({ key: 'USERS_LIST', name: 'users', url: pathTo('USERS_LIST'), icon: 'People' });
  }
  if (user.roles.includes('Internal.Super')) entries.push({ key: 'TEMPLATES_ROOT', name: 'templates', url: pathTo('TEMPLATES_ROOT'), icon: 'PageList' });
  return entries.filter((e) => isBuilt(e.key));
}

export function SideMenu({ user }: { user: User }) {
  const navigate = useNavigate();
  const location = useLocation();
  const entries = menuEntries(user);
  const selected = [...entries]
    .sort((a, b) => b.url.length - a.url.length)
    .find((e) => location.pathname === e.url || location.pathname.startsWith(`${e.url}/`));
  const links: INavLink[] = entries.map((e) => ({ key: e.key, name: e.name, url: e.url, icon: e.icon }));
  return (
    <nav
      aria-label="main menu"
      style={{ boxSizing: 'border-box', width: DRAWER_WIDTH, flex: `0 0 ${DRAWER_WIDTH}px`, borderRight: '1px solid #edebe9', background: '#faf9f8' }}
    >
      <Nav
        selectedKey={selected?.key}
        groups={[{ links }]}
        onLinkClick={(event, link) => {
          event?.preventDefault();
          if (link?.url) navigate(link.url);
        }}
        // Fluent turns a hovered link theme-blue on grey (3.9:1); dark text keeps it readable (AA).
        styles={{ root: { width: DRAWER_WIDTH, paddingTop: 8 }, link: { selectors: { ':hover .ms-Nav-linkText, :hover .ms-Icon': { color: '#201f1e' } } } }}
      />
    </nav>
  );
}
