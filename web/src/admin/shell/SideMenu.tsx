import { FontIcon } from '@fluentui/react';
import type { User } from '@movers/contracts';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import './frame.css';
import { routeKeyOf } from '../auth/access.ts';
import { isBuilt, pathTo, type RouteKey } from '../routeTable.ts';

/** The menu's words: English, and Norwegian where the screen speaks it (issue 55: it stayed English on a Norwegian screen). */
export type MenuLanguage = 'en' | 'no';
const menuWords: Record<MenuLanguage, { menu: string } & Record<'dashboard' | 'clients' | 'locations' | 'users' | 'templates', string>> = {
  en: { menu: 'main menu', dashboard: 'dashboard', clients: 'clients', locations: 'locations', users: 'users', templates: 'templates' },
  no: { menu: 'hovedmeny', dashboard: 'oversikt', clients: 'kunder', locations: 'lokasjoner', users: 'brukere', templates: 'maler' },
};

const languageOfPage = (): MenuLanguage => (typeof document !== 'undefined' && document.documentElement.lang === 'nb' ? 'no' : 'en');

/**
 * The screen's language: the screens that speak Norwegian (the planner, the waves, the move-day board) set
 * the page's `lang` to `nb` while they are shown and back to `en` when they go; the menu follows it.
 */
export function useScreenLanguage(): MenuLanguage {
  const [language, setLanguage] = useState<MenuLanguage>(languageOfPage);
  useEffect(() => {
    const observer = new MutationObserver(() => setLanguage(languageOfPage()));
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ['lang'] });
    setLanguage(languageOfPage());
    return () => observer.disconnect();
  }, []);
  return language;
}

/** Menu entries by role (spec part 1, section 6); entries of unbuilt screens are left out. */
export function menuEntries(user: User, language: MenuLanguage = 'en'): { key: RouteKey; name: string; url: string; icon: string }[] {
  const w = menuWords[language];
  const internal = user.roles.includes('Internal') || user.roles.includes('Internal.Super');
  const entries: { key: RouteKey; name: string; url: string; icon: string }[] = [];
  if (internal) entries.push({ key: 'ADMIN_ROOT', name: w.dashboard, url: pathTo('ADMIN_ROOT'), icon: 'Home' });
  else if (user.client)
    entries.push({ key: 'CLIENT_DASHBOARD', name: w.dashboard, url: pathTo('CLIENT_DASHBOARD', { clientId: user.client.id }), icon: 'Home' });
  if (internal) {
    entries.push({ key: 'CLIENTS_ROOT', name: w.clients, url: pathTo('CLIENTS_ROOT'), icon: 'CityNext' });
    entries.push({ key: 'LOCATIONS_ROOT', name: w.locations, url: pathTo('LOCATIONS_ROOT'), icon: 'MapPin' });
    entries.push({ key: 'USERS_LIST', name: w.users, url: pathTo('USERS_LIST'), icon: 'People' });
  }
  if (user.roles.includes('Internal.Super')) entries.push({ key: 'TEMPLATES_ROOT', name: w.templates, url: pathTo('TEMPLATES_ROOT'), icon: 'PageList' });
  return entries.filter((e) => isBuilt(e.key));
}

/**
 * Screens that live under one menu entry by their address but are also opened from another entry's
 * list: a location's address is under its client, and it is also opened from the locations list. The
 * create-move screen's address is under the locations (the spec's), but it is opened from a location,
 * whichever entry that was reached from; it once lit 'locations', and the location after it kept that.
 */
const alsoUnder: Partial<Record<RouteKey, RouteKey[]>> = {
  CLIENT_LOCATION: ['LOCATIONS_ROOT'],
  CLIENT_LOCATION_EDIT: ['LOCATIONS_ROOT'],
  CREATE_LOCATION_SERVICE: ['CLIENTS_ROOT'],
};

/**
 * The menu entry to highlight: the one whose address the screen's address starts with, unless the
 * screen may also belong to the entry the user came from (then that one stays highlighted).
 */
export function selectedEntry(entries: { key: RouteKey; url: string }[], pathname: string, previous: RouteKey | undefined): RouteKey | undefined {
  const exact = entries.find((e) => e.url === pathname);
  if (exact) return exact.key;
  const screen = routeKeyOf(pathname);
  if (previous && screen && alsoUnder[screen]?.includes(previous) && entries.some((e) => e.key === previous)) return previous;
  return [...entries].sort((a, b) => b.url.length - a.url.length).find((e) => pathname.startsWith(`${e.url}/`))?.key;
}

/** The highlighted entry for the current address, remembering the one before (call it where it stays mounted). */
export function useSelectedEntry(user: User): RouteKey | undefined {
  const location = useLocation();
  const previous = useRef<RouteKey>();
  const selected = selectedEntry(menuEntries(user), location.pathname, previous.current);
  previous.current = selected;
  return selected;
}

/**
 * The main menu: the spec's 220 px drawer beside the screen on wide screens; on narrow ones the shell
 * shows the same menu in a panel opened from the top bar (`inPanel`), closed again by `onNavigate`.
 * Plain links in Fluent's Nav look (frame.css), not Fluent's Nav: every screen draws the menu first, and
 * Nav's styles, focus zone and buttons took ≈ 130 ms of each admin screen's first drawing at 4× CPU
 * (issue 56). The links are tab stops, as a landmark's links are; the current one is `aria-current`.
 */
export function SideMenu({
  user,
  selectedKey,
  inPanel,
  onNavigate,
}: {
  user: User;
  selectedKey: RouteKey | undefined;
  inPanel?: boolean;
  onNavigate?: () => void;
}) {
  const language = useScreenLanguage();
  return (
    <nav aria-label={menuWords[language].menu} className={inPanel ? 'side-menu side-menu-in-panel' : 'side-menu'}>
      <ul>
        {menuEntries(user, language).map((entry) => (
          <li key={entry.key}>
            <Link to={entry.url} aria-current={entry.key === selectedKey ? 'page' : undefined} onClick={onNavigate}>
              <FontIcon iconName={entry.icon} aria-hidden="true" />
              <span>{entry.name}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
