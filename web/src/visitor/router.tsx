import {
  type AnchorHTMLAttributes,
  Children,
  createContext,
  Fragment,
  isValidElement,
  type MouseEvent,
  type ReactElement,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
} from 'react';

/**
 * The visitor build's router: the part of React Router's API the visitor site uses (BrowserRouter, Routes
 * and Route, Navigate, Link, NavLink, useLocation, useNavigate, useParams), matched as React Router
 * matches (case-insensitive, a trailing slash accepted, `:param` and a trailing `*`, nested `<Routes>`
 * relative to the route that rendered them, the most specific route winning). The visitor build resolves
 * `react-router-dom` to this file (vite.config.ts): React Router was 13 KB of the visitor's 74 KB of
 * initial JavaScript, most of it for data routers, forms and fetchers the site never uses (issue 40).
 * An import of anything else from `react-router-dom` in the visitor fails its build. The admin app uses
 * React Router itself.
 */

export interface Location {
  pathname: string;
  search: string;
  hash: string;
  state: unknown;
  key: string;
}

interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
}
type NavigateFunction = (to: string | number, options?: NavigateOptions) => void;

const here = (): Location => ({
  pathname: window.location.pathname,
  search: window.location.search,
  hash: window.location.hash,
  state: (window.history.state as { usr?: unknown } | null)?.usr ?? null,
  key: (window.history.state as { key?: string } | null)?.key ?? 'default',
});

const RouterContext = createContext<{ location: Location; navigate: NavigateFunction } | null>(null);
/** The route being rendered: its params (with its parents') and the part of the address it matched. */
const RouteContext = createContext<{ params: Record<string, string>; base: string }>({ params: {}, base: '/' });

function useRouter() {
  const router = useContext(RouterContext);
  if (!router) throw new Error('outside a router');
  return router;
}

export function BrowserRouter({ children }: { children?: ReactNode }) {
  const [location, setLocation] = useState(here);
  useEffect(() => {
    const moved = () => setLocation(here());
    window.addEventListener('popstate', moved);
    return () => window.removeEventListener('popstate', moved);
  }, []);
  const navigate = useCallback<NavigateFunction>((to, options = {}) => {
    if (typeof to === 'number') return window.history.go(to);
    const url = new URL(to, window.location.href);
    const state = { usr: options.state ?? null, key: Math.random().toString(36).slice(2, 10) };
    if (options.replace) window.history.replaceState(state, '', url.pathname + url.search + url.hash);
    else window.history.pushState(state, '', url.pathname + url.search + url.hash);
    setLocation(here());
  }, []);
  const value = useMemo(() => ({ location, navigate }), [location, navigate]);
  return <RouterContext.Provider value={value}>{children}</RouterContext.Provider>;
}

export const useLocation = (): Location => useRouter().location;
export const useNavigate = (): NavigateFunction => useRouter().navigate;
// biome-ignore lint/suspicious/noExplicitAny: React Router's own signature, so that callers' types are unchanged
export const useParams = (): Record<string, string | undefined> & Record<string, any> => useContext(RouteContext).params;

export interface RouteProps {
  path?: string;
  element?: ReactNode;
}
/** Only read by `Routes`. */
export function Route(_props: RouteProps): ReactElement | null {
  return null;
}

/** The Route elements among `children`, fragments and arrays opened. */
function routesOf(children: ReactNode, into: RouteProps[] = []): RouteProps[] {
  Children.forEach(children, (child) => {
    if (!isValidElement(child)) return;
    if (child.type === Fragment) routesOf((child.props as { children?: ReactNode }).children, into);
    else into.push(child.props as RouteProps);
  });
  return into;
}

const segmentsOf = (path: string) => path.split('/').filter(Boolean);

/** React Router's ranking: a static segment beats a `:param`, which beats a trailing `*`. */
function scoreOf(pattern: string[]): number {
  let score = pattern.length;
  for (const segment of pattern) score += segment === '*' ? -2 - 1 : segment.startsWith(':') ? 3 : 10;
  return score;
}

const decode = (segment: string) => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
};

/** The params and matched part when `pattern` matches `parts` (the address below the parent route), else undefined. */
function match(pattern: string[], parts: string[]): { params: Record<string, string>; matched: number } | undefined {
  const params: Record<string, string> = {};
  for (let i = 0; i < pattern.length; i++) {
    const segment = pattern[i];
    if (segment === '*') {
      params['*'] = parts.slice(i).map(decode).join('/');
      return { params, matched: i };
    }
    const part = parts[i];
    if (part === undefined) return undefined;
    if (segment.startsWith(':')) params[segment.slice(1)] = decode(part);
    else if (segment.toLowerCase() !== decode(part).toLowerCase()) return undefined;
  }
  return parts.length === pattern.length ? { params, matched: pattern.length } : undefined;
}

export function Routes({ children }: { children?: ReactNode }) {
  const { location } = useRouter();
  const parent = useContext(RouteContext);
  const baseParts = segmentsOf(parent.base);
  const parts = segmentsOf(location.pathname).slice(baseParts.length);
  let best: { route: RouteProps; params: Record<string, string>; matched: number; score: number } | undefined;
  for (const route of routesOf(children)) {
    const pattern = segmentsOf(route.path ?? '');
    const found = match(pattern, parts);
    const score = scoreOf(pattern);
    if (found && (!best || score > best.score)) best = { route, ...found, score };
  }
  if (!best) return null;
  const base = `/${[...baseParts, ...segmentsOf(location.pathname).slice(baseParts.length, baseParts.length + best.matched)].join('/')}`;
  return <RouteContext.Provider value={{ params: { ...parent.params, ...best.params }, base }}>{best.route.element}</RouteContext.Provider>;
}

export function Navigate({ to, replace, state }: { to: string; replace?: boolean; state?: unknown }) {
  const navigate = useNavigate();
  useEffect(() => navigate(to, { replace, state }), [navigate, to, replace, state]);
  return null;
}

type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { to: string; replace?: boolean; state?: unknown };

/** A link the router follows itself (a plain click); a click with a modifier, or to another window, is the browser's. */
export function Link({ to, replace, state, onClick, ...rest }: LinkProps) {
  const navigate = useNavigate();
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0 || (rest.target && rest.target !== '_self')) return;
    if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    navigate(to, { replace, state });
  };
  return <a {...rest} href={to} onClick={follow} />;
}

const withoutSlash = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path);

/** A Link that is `active` (class and aria-current) on its page, and with `end` only there, not below it. */
export function NavLink({ end, className, ...rest }: LinkProps & { end?: boolean }) {
  const { pathname } = useLocation();
  const current = withoutSlash(decode(pathname)).toLowerCase();
  const target = withoutSlash(decode(rest.to)).toLowerCase();
  const active = current === target || (!end && current.startsWith(target === '/' ? '/' : `${target}/`));
  return (
    <Link {...rest} className={[className, active ? 'active' : undefined].filter(Boolean).join(' ') || undefined} aria-current={active ? 'page' : undefined} />
  );
}
