import type { ContentLocale, VisitMove } from '@movers/contracts';
import type { VisitMe } from '@movers/contracts/src/moveDay.ts';
import { type CSSProperties, Suspense, useCallback, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { Navigate, NavLink, Route, Routes, useLocation, useNavigate, useParams } from 'react-router-dom';
import {
  apiUrl,
  forgetSession,
  isMoversSession,
  isPersonSession,
  keepForOffline,
  keptFormsSent,
  passHasEnded,
  savedCopy,
  storedSession,
  visitApi,
  visitRequest,
} from './api.ts';
import { savedLine } from './dates.ts';
import { Site, type SiteContext, useSite } from './context.ts';
import { PageBoundary } from './PageBoundary.tsx';
import { personTokenOf } from './offline.ts';
import { retryableLazy } from '../common/retryableLazy.tsx';
import { localeNames } from '@movers/contracts/src/locales.ts';
import { langTag, rememberShownLanguage, stringsOf } from './i18n.ts';
import { LinkPage } from './pages/LinkPage.tsx';
import { LoginPage } from './pages/LoginPage.tsx';
import { PassPage } from './pages/PassPage.tsx';
import { browserLanguage, NoMovePage, NotFoundPage } from './pages/NotFoundPage.tsx';
import { Failed, Loading } from './pages/states.tsx';
import { prefetchFloorPlan, prefetchMe, sitePages } from './sitePages.tsx';
import { useLoad } from './useLoad.ts';

// The personal link's sign-in (issue 36) is loaded when such a link is opened: the login page stays small.
const PersonLinkPage = retryableLazy(() => import('./pages/PersonLinkPage.tsx'));

/** The visitor site: `/{path}/...` is the site of the move with that path; anything else is not found. */
export function VisitorApp() {
  return (
    <Routes>
      <Route path="/:path/*" element={<MoveSite />} />
      <Route path="*" element={<NoMovePage />} />
    </Routes>
  );
}

const languageKey = (path: string) => `visit:${path.toLowerCase()}:language`;
/** The notice text the visitor closed in this tab. */
const noticeKey = (path: string) => `visit:${path.toLowerCase()}:notice-closed`;
/** The page asked for before signing in (a seat link): an e-mailed sign-in link opens on `/link`, then goes there. */
const targetKey = (path: string) => `visit:${path.toLowerCase()}:target`;
/** The visitor's remembered choice when the move offers it, else the move's default language. */
function startLanguage(path: string, move: VisitMove): ContentLocale {
  const saved = localStorage.getItem(languageKey(path)) as ContentLocale | null;
  return saved && move.languages.includes(saved) ? saved : move.defaultLanguage;
}

function MoveSite() {
  const { path = '' } = useParams();
  const { pathname } = useLocation();
  // Opened on a seat link or the floor plan, what that page needs is asked for beside the move, not after
  // it: its code (while the visitor signs in, if they must), and signed in, the floors (the page's own call
  // shares the answer). Where the site was opened counts, not each navigation: fetched on every sign-in, the
  // code competed with the saved copy's downloads and a seat link opened next took 1.6 s longer.
  // biome-ignore lint/correctness/useExhaustiveDependencies: see above
  useEffect(() => {
    // The person's own page (issue 56): its code, the page's answer and the floors are asked for beside the
    // move, and the seat's floor image once both are in; they waited for the move, then the page's code, then
    // the page's answer (a repeat visit on a phone: four round trips one after another).
    if (/^\/[^/]+\/me\/?$/i.test(pathname) && isPersonSession(path)) {
      prefetchMe();
      Promise.all([visitRequest<VisitMe>(path, '/me'), visitApi.floors(path)])
        .then(([me, plan]) => {
          const floor = me.seat && plan.floors.find((f) => f.id === me.seat?.floorId);
          if (floor) visitApi.floorImageAhead(path, floor.image.url);
        })
        .catch(() => undefined);
      return;
    }
    if (!/^\/[^/]+\/(seat\/|floorplan|pass)/.test(pathname)) return;
    prefetchFloorPlan();
    // The floor the page opens on (the seat link's person's, else the default) has its image asked for
    // as soon as the floors answer (visitApi.floorImageAhead). A seat link's first visit asks for the
    // person's floor image beside the floors (one round trip fewer on a weak network, issue 40), taken
    // if it is the image of the floor the floors place the person on; a repeat visit (the worker controls
    // the page) has the floor's own image saved, cache first, and asks for nothing more.
    if (!storedSession(path)) return;
    const encoded = /^\/[^/]+\/seat\/([^/]+)/.exec(pathname)?.[1];
    const personId = encoded && decodeURIComponent(encoded);
    const personImage = personId && !navigator.serviceWorker?.controller ? visitApi.personFloorImage(path, personId) : undefined;
    personImage?.catch(() => undefined);
    visitApi
      .floors(path)
      .then((plan) => {
        const seated = personId && plan.floors.find((f) => f.markers.some((m) => m.people.some((p) => p.id === personId)));
        const floor = seated || plan.floors.find((f) => f.isDefault) || plan.floors[0];
        if (seated && personImage) visitApi.floorImageFromPerson(path, seated.id, seated.image.url, personImage);
        else if (floor) visitApi.floorImageAhead(path, floor.image.url);
      })
      .catch(() => undefined);
  }, [path]);
  const move = useLoad(`move:${path}`, (early) => visitApi.move(path, early));
  if (move.state === 'loading') return <Loading t={stringsOf(browserLanguage())} />;
  if (move.state === 'failed') return move.status === 404 ? <NoMovePage /> : <Failed t={stringsOf(browserLanguage())} retry={move.reload} />;
  return <ReadySite path={path} move={move.data} />;
}

/** The move's colours as the site's CSS variables (unset ones keep the stylesheet's defaults). */
function themeOf(move: VisitMove): CSSProperties {
  const c = move.colors;
  const vars: Record<string, string> = {};
  if (c.primaryColor) vars['--v-primary'] = c.primaryColor;
  if (c.darkerPrimaryColor) vars['--v-primary-dark'] = c.darkerPrimaryColor;
  if (c.secondaryColor) vars['--v-secondary'] = c.secondaryColor;
  if (c.darkerSecondaryColor) vars['--v-secondary-dark'] = c.darkerSecondaryColor;
  if (c.backgroundColor) vars['--v-background'] = c.backgroundColor;
  if (c.headingColor) vars['--v-heading'] = c.headingColor;
  if (move.images.background) vars['--v-background-image'] = `url("${apiUrl(move.images.background)}")`;
  return vars as CSSProperties;
}

function ReadySite({ path, move }: { path: string; move: VisitMove }) {
  const [language, setLanguage] = useState<ContentLocale>(() => startLanguage(path, move));
  const [closedNotice, setClosedNotice] = useState(() => sessionStorage.getItem(noticeKey(path)));
  const [signedIn, setSignedIn] = useState(() => !move.isProtected || storedSession(path) !== null);
  // Signed in with a movers' pass: the floor plans and seat links only.
  const [movers, setMovers] = useState(() => isMoversSession(path));
  // Signed in with the personal link of a seat letter: the person's own page is in the menu.
  const [person, setPerson] = useState(() => isPersonSession(path));
  const location = useLocation();
  const navigate = useNavigate();
  const t = stringsOf(language);
  const tag = langTag(language);

  useEffect(() => {
    document.documentElement.lang = tag;
    rememberShownLanguage(path, language);
  }, [tag, path, language]);
  // A movers' pass that ended (revoked, replaced, past its last day) says so on the login page.
  const [passEnded, setPassEnded] = useState(() => passHasEnded(path));
  const signOut = useCallback(() => {
    forgetSession(path);
    setSignedIn(!move.isProtected);
    setMovers(false);
    setPerson(false);
    setPassEnded(false);
  }, [path, move.isProtected]);
  // The session ended (a call was refused 401; the API client has forgotten it, and noted a pass's end).
  const signedOut = useCallback(() => {
    const ended = passHasEnded(path);
    signOut();
    setPassEnded(ended);
  }, [path, signOut]);
  const onPass = useCallback(() => {
    setSignedIn(true);
    setMovers(true);
    navigate(`/${encodeURIComponent(path)}/floorplan`, { replace: true });
  }, [path, navigate]);
  // The personal link signs the person in whoever was signed in, opens their page in the letter's
  // language (when the move offers it; the switcher changes it), and leaves the address without the token.
  const onPerson = useCallback(
    (letterLanguage: ContentLocale | null) => {
      if (letterLanguage && move.languages.includes(letterLanguage)) {
        localStorage.setItem(languageKey(path), letterLanguage);
        setLanguage(letterLanguage);
      }
      setSignedIn(true);
      setMovers(false);
      setPerson(true);
      navigate(`/${encodeURIComponent(path)}/me`, { replace: true });
    },
    [path, navigate, move.languages],
  );
  const onSignedIn = useCallback(() => {
    setSignedIn(true);
    const target = localStorage.getItem(targetKey(path));
    localStorage.removeItem(targetKey(path));
    // Signed in by an e-mailed link: on to the page asked for before, else the site's home (not `/link`).
    if (window.location.pathname.toLowerCase().endsWith('/link')) navigate(target ?? `/${encodeURIComponent(path)}`, { replace: true });
  }, [path, navigate]);
  // The move's web app manifest (installable, opening the move's path) and the browser's bar in its colour.
  useEffect(() => {
    const link = Object.assign(document.createElement('link'), { rel: 'manifest', href: apiUrl(`/v1/visit/${encodeURIComponent(path)}/manifest`) });
    const theme = Object.assign(document.createElement('meta'), { name: 'theme-color', content: move.colors.primaryColor ?? '#005a9e' });
    document.head.append(link, theme);
    return () => {
      link.remove();
      theme.remove();
    };
  }, [path, move.colors.primaryColor]);
  // Signed in, the move's content is kept on the phone for move day, whichever pages are opened.
  useEffect(() => {
    if (signedIn) keepForOffline(path);
  }, [signedIn, path]);
  const site: SiteContext = useMemo(() => ({ path, move, language, tag, t, signedOut }), [path, move, language, tag, t, signedOut]);
  const choose = (code: ContentLocale) => {
    localStorage.setItem(languageKey(path), code);
    setLanguage(code);
  };

  const home = `/${encodeURIComponent(path)}`;
  // The notice in the visitor's language, else in the move's default language.
  const noticeText = move.notice ? move.notice.translations[language] || move.notice.text : null;
  const onLink = location.pathname.replace(/\/$/, '').toLowerCase().endsWith('/link');
  const onPassLink = location.pathname.replace(/\/$/, '').toLowerCase().endsWith('/pass');
  const personToken = personTokenOf(location.pathname);
  const pages = movers ? sitePages.filter((page) => page.key === 'floorplan' || page.key === 'seat') : sitePages.filter((page) => person || !page.person);
  useEffect(() => {
    if (!signedIn && !onLink && !onPassLink && !personToken && location.pathname.replace(/\/$/, '') !== home)
      localStorage.setItem(targetKey(path), location.pathname);
  }, [signedIn, onLink, onPassLink, personToken, location.pathname, home, path]);
  let content: JSX.Element;
  // A movers' pass signs in whoever opens it, signed in already or not.
  if (personToken)
    content = (
      <Suspense fallback={<Loading t={t} />}>
        <PersonLinkPage key={personToken} token={personToken} onSignedIn={onPerson} />
      </Suspense>
    );
  else if (onPassLink && window.location.hash.length > 1) content = <PassPage onSignedIn={onPass} />;
  else if (!signedIn && onLink) content = <LinkPage onSignedIn={onSignedIn} />;
  else if (!signedIn) content = <LoginPage onSignedIn={onSignedIn} problem={passEnded ? t.passFailed : undefined} />;
  else
    content = (
      <Routes>
        {pages.map((page) => (
          <Route key={page.key} path={page.path === '' ? '/' : page.path} element={<Page title={page.label(t)}>{page.element}</Page>} />
        ))}
        {movers ? (
          // Anything else of the site opens the floor plans for a movers' pass (its home, the pass link itself).
          <Route path="*" element={<Navigate to={`${home}/floorplan`} replace />} />
        ) : (
          <>
            <Route path="link" element={<Page title={t.info}>{sitePages[0].element}</Page>} />
            <Route path="*" element={<NotFoundPage t={t} home={home} />} />
          </>
        )}
      </Routes>
    );

  return (
    <Site.Provider value={site}>
      <div className={signedIn ? 'v-site' : 'v-site v-site-login'} style={themeOf(move)}>
        <a className="v-skip" href="#main">
          {t.skip}
        </a>
        {noticeText && closedNotice !== move.notice?.text && (
          <aside className="v-notice" aria-label={t.notice} style={move.notice?.color ? { background: move.notice.color } : undefined}>
            <span>{noticeText}</span>
            <button
              type="button"
              className="v-notice-close"
              aria-label={t.closeNotice}
              onClick={() => {
                // Closed for this visit in every language, and only this notice: a new one shows again.
                sessionStorage.setItem(noticeKey(path), move.notice?.text ?? '');
                setClosedNotice(move.notice?.text ?? '');
              }}
            >
              ×
            </button>
          </aside>
        )}
        <header className="v-header">
          {move.images.logo ? <img className="v-logo" src={apiUrl(move.images.logo)} alt="" /> : null}
          <span className="v-site-name">{move.name}</span>
          {move.languages.length > 1 && (
            <label className="v-language">
              <span>{t.language}</span>
              <select value={language} onChange={(e) => choose(e.target.value as ContentLocale)}>
                {move.languages.map((code) => (
                  <option key={code} value={code} lang={langTag(code)}>
                    {localeNames[code]}
                  </option>
                ))}
              </select>
            </label>
          )}
          {movers && <span className="v-movers-pass">{t.moversPass}</span>}
          {signedIn && (move.isProtected || movers) && (
            <button type="button" className="v-link-button v-signout" onClick={signOut}>
              {t.signOut}
            </button>
          )}
        </header>
        <SavedCopyLine />
        <KeptFormsSentLine />
        {signedIn && (
          <nav className="v-nav" aria-label={t.mainNav}>
            {pages
              .filter((page) => page.inMenu !== false)
              .map((page) => (
                <NavLink key={page.key} to={page.path ? `${home}/${page.path}` : home} end>
                  {page.label(t)}
                </NavLink>
              ))}
          </nav>
        )}
        {content}
      </div>
    </Site.Provider>
  );
}

/** Once forms kept on the phone while offline have reached the move team. */
function KeptFormsSentLine() {
  const { t } = useSite();
  const sent = useSyncExternalStore(keptFormsSent.subscribe, keptFormsSent.current);
  if (sent === 0) return null;
  return (
    <p className="v-offline" role="status">
      {t.keptFormsSent}
    </p>
  );
}

/** A quiet line while what is shown is the phone's saved copy: offline, and since when. */
function SavedCopyLine() {
  const { t, tag, move } = useSite();
  const savedAt = useSyncExternalStore(savedCopy.subscribe, savedCopy.current);
  if (!savedAt) return null;
  return (
    <p className="v-offline" role="status">
      {savedLine(t.offlineSaved, savedAt, tag, move.timeZone)}
    </p>
  );
}

function Page({ title, children }: { title: string; children: JSX.Element }) {
  const { move, t } = useSite();
  const { pathname } = useLocation();
  useEffect(() => {
    document.title = `${title} · ${move.name}`;
  }, [title, move.name]);
  return (
    <main className="v-main" id="main">
      <PageBoundary t={t} resetKey={pathname}>
        {children}
      </PageBoundary>
    </main>
  );
}
