import {
  api,
  type ContentLocale,
  type MoveColors,
  moveColorKeys,
  moveImageKinds,
  type MoveImageKind,
  sortTimeline,
  VISIT_SESSION_HOURS,
  type VisitContact,
  type VisitDetail,
  type VisitDocument,
  type VisitFaqQuestion,
  type VisitFloorPlan,
  type VisitManifest,
  type VisitMove,
  type VisitPage,
  type VisitSession,
  type VisitTimelineSection,
  moveDayMessages,
  moversPassMessages,
  visitMessages,
} from '@movers/contracts';
import type { HttpRequest } from '@azure/functions';
import type { Visit } from '../../platform/auth/visit.ts';
import { assertVisitorSessionsConfigured, signVisitorSession } from '../../platform/auth/visitorSession.ts';
import { siteUrl } from '../../platform/config/siteUrl.ts';
import { timeZoneOfCountry } from '../../platform/time/localTime.ts';
import { sanitizeTranslations } from '../../platform/html/sanitize.ts';
import { callerAddress } from '../../platform/http/callerAddress.ts';
import { type CacheScope, cachedJson } from '../../platform/http/conditional.ts';
import { badRequest, HttpError, notFound } from '../../platform/http/errors.ts';
import { assertUnderLimit, countAttempt, type Limit } from '../../platform/http/rateLimit.ts';
import { created, ok } from '../../platform/http/responses.ts';
import { type BoundRoute, bind } from '../../platform/http/route.ts';
import { userFile } from '../../platform/http/userFiles.ts';
import { editorFilesAt } from '../editorUploads/index.ts';
import { createFeedback } from '../feedback/index.ts';
import { getLocationDoc } from '../locations/index.ts';
import { contactStore, detailStore, faqStore } from '../moveContent/index.ts';
import { downloadDocument, listDocuments } from '../moveDocuments/index.ts';
import { listPages } from '../movePages/index.ts';
import { personFloorImage, publishedFloorImage, publishedFloors, readPerson } from '../planner/index.ts';
import { getColorsDoc, imageVersions, readImage, verifyPassword } from '../moves/index.ts';
import { getMoversPass, passOpens } from '../moversPass/index.ts';
import { redeemPersonToken } from '../seatLetters/index.ts';
import { listSections, ownerIdOf } from '../timeline/index.ts';
import { isProtected, type VisitedMove, visitedMove } from './gate.ts';
import { createLink, mailLink, redeemLink } from './links.ts';

const MINUTES = 60;
/**
 * Wrong passwords (and unknown sign-in link tokens): per move and address, slowed after 5 in 15 minutes
 * and refused after 10; per move from every address together, slowed after 50 and refused after 300.
 */
export const signInLimits = {
  perAddress: { kind: 'visit-sign-in-address', windowSeconds: 15 * MINUTES, max: 10, slowAfter: 5, delayMs: 400, message: visitMessages.tooMany },
  perMove: { kind: 'visit-sign-in-move', windowSeconds: 15 * MINUTES, max: 300, slowAfter: 50, delayMs: 100, message: visitMessages.tooMany },
} satisfies Record<string, Limit>;
/** Sign-in link requests: per address 5, per e-mail address 3, per move 200 in 15 minutes. */
export const linkLimits = {
  perAddress: { kind: 'visit-link-address', windowSeconds: 15 * MINUTES, max: 5, message: visitMessages.tooMany },
  perEmail: { kind: 'visit-link-email', windowSeconds: 15 * MINUTES, max: 3, message: visitMessages.tooMany },
  perMove: { kind: 'visit-link-move', windowSeconds: 15 * MINUTES, max: 200, message: visitMessages.tooMany },
} satisfies Record<string, Limit>;

/** Questions, error reports and feedback: 10 per address and 500 per move in 15 minutes, so a flood stores nothing beyond that. */
export const formLimits = {
  perAddress: { kind: 'visit-form-address', windowSeconds: 15 * MINUTES, max: 10, message: visitMessages.tooMany },
  perMove: { kind: 'visit-form-move', windowSeconds: 15 * MINUTES, max: 500, message: visitMessages.tooMany },
} satisfies Record<string, Limit>;

/** Link requests are answered no sooner than this, whether a mail went out or not. */
const LINK_ANSWER_MS = 600;

// A movers' pass's answers are asked for again each time: revoked, the pass stops at the next call.
const cacheScope = (visit: Visit): CacheScope => (visit.moversPass ? 'revalidate' : visit.isProtected ? 'private' : 'public');
const imageUrl = (path: string, kind: MoveImageKind, version: string | null) =>
  version ? `/v1/visit/${encodeURIComponent(path)}/images/${kind}?v=${encodeURIComponent(version)}` : null;

async function visitMoveOf(move: VisitedMove): Promise<VisitMove> {
  const [colors, location, versions] = await Promise.all([getColorsDoc(move.id), getLocationDoc(move.clientId, move.locationId), imageVersions(move.id)]);
  return {
    path: move.path,
    name: location?.name ?? move.path,
    languages: move.languages,
    defaultLanguage: move.defaultLanguage,
    authorizationScheme: move.authorizationScheme,
    isProtected: isProtected(move),
    colors: Object.fromEntries(moveColorKeys.map((k) => [k, colors?.[k] ?? null])) as MoveColors,
    notice:
      move.showNotification && move.notificationText
        ? { text: move.notificationText, translations: move.notificationTranslations ?? {}, color: move.notificationColor }
        : null,
    hideFloorSelection: move.hideFloorSelection,
    images: Object.fromEntries(moveImageKinds.map((kind) => [kind, imageUrl(move.path, kind, versions[kind])])) as Record<MoveImageKind, string | null>,
    timeZone: timeZoneOfCountry(location?.country.id),
  };
}

/** The visitor site's default primary colour (visitor.css), for a move that set none. */
const DEFAULT_THEME = '#005a9e';

const wrong = (message: string) => new HttpError(401, 'unauthorized', message);
const domainOf = (email: string) => email.slice(email.lastIndexOf('@') + 1).toLowerCase();
const allowedEmail = (move: VisitedMove, email: string | undefined): email is string =>
  Boolean(email?.includes('@')) && move.whitelistedDomains.includes(domainOf(email!));

async function startSession(move: VisitedMove, visitor: string, pass?: { id: string; expiresAt: string }, person?: { id: string; tokenTag: string }) {
  // A pass's session ends with the pass at the latest.
  const seconds = Math.min(VISIT_SESSION_HOURS * 3600, pass ? Math.floor((Date.parse(pass.expiresAt) - Date.now()) / 1000) : Number.POSITIVE_INFINITY);
  const { token, expiresAt } = await signVisitorSession({ moveId: move.id, version: move.sessionVersion, visitor, pass: pass?.id, person }, seconds);
  const session: VisitSession = { token, expiresAt: expiresAt.toISOString(), movers: pass !== undefined, ...(person ? { personId: person.id } : {}) };
  return created(session, { 'Cache-Control': 'no-store' });
}

/** Who the sign-in is for, by the move's scheme; undefined when the credentials are wrong. */
async function signIn(move: VisitedMove, body: { email?: string; password?: string; link?: string }): Promise<string | undefined> {
  if (body.link) return move.authorizationScheme === 'email' ? redeemLink(move.id, body.link) : undefined;
  if (move.authorizationScheme === 'email') throw badRequest(visitMessages.schemeMismatch);
  // The password is checked even when the e-mail is not allowed, so the answer takes as long either way.
  const passwordOk = move.passwordHash !== null && body.password !== undefined && (await verifyPassword(body.password, move.passwordHash));
  if (move.authorizationScheme === 'password') return passwordOk ? '' : undefined;
  const email = body.email?.trim().toLowerCase();
  return passwordOk && allowedEmail(move, email) ? email : undefined;
}

function limitKeys(limits: { perAddress: Limit; perMove: Limit }, moveId: string, request: HttpRequest) {
  return [
    { limit: limits.perAddress, key: `${moveId}|${callerAddress(request)}` },
    { limit: limits.perMove, key: moveId },
  ];
}

export const visitRoutes: BoundRoute[] = [
  bind(api.visit.move, async ({ visit, request }) => cachedJson(request, await visitMoveOf(visitedMove(visit)), 'public')),

  bind(api.visit.manifest, async ({ visit }) => {
    const move = await visitMoveOf(visitedMove(visit));
    const site = siteUrl(move.path);
    // Icons resolve against the manifest's own address (this API): the move's logo, else the portal's.
    const logo = move.images.logo;
    const manifest: VisitManifest = {
      name: move.name,
      short_name: move.name.slice(0, 30),
      // The start URL inside the scope (a browser ignores a scope its start URL is outside of).
      start_url: `${site}/`,
      scope: `${site}/`,
      display: 'standalone',
      lang: move.defaultLanguage === 'se' ? 'sv' : move.defaultLanguage === 'no' ? 'nb' : move.defaultLanguage,
      theme_color: move.colors.primaryColor ?? DEFAULT_THEME,
      background_color: move.colors.backgroundColor ?? '#ffffff',
      icons: logo ? [{ src: `/api${logo}`, sizes: 'any', purpose: 'any' }] : [{ src: new URL('/favicon.svg', site).href, sizes: 'any', type: 'image/svg+xml' }],
    };
    return ok(manifest, { 'Content-Type': 'application/manifest+json', 'Cache-Control': 'public, max-age=300' });
  }),

  bind(api.visit.session, async ({ visit, body, request }) => {
    // No session can be issued without a usable key (503): nothing is counted or checked.
    assertVisitorSessionsConfigured();
    const move = visitedMove(visit);
    const keys = limitKeys(signInLimits, move.id, request);
    await assertUnderLimit(keys);
    // A movers' pass is checked whatever the move's scheme, and a guessed one counts as a wrong password.
    if (body.pass) {
      const pass = await getMoversPass(move);
      if (passOpens(pass, body.pass)) return startSession(move, '', { id: pass.passId, expiresAt: pass.expiresAt });
      await countAttempt(keys);
      throw wrong(moversPassMessages.passInvalid);
    }
    // A personal link signs the person in as themselves, whatever the move's scheme; a wrong one counts as a wrong password.
    if (body.personToken) {
      const person = await redeemPersonToken(move.id, body.personToken);
      if (person) return startSession(move, '', undefined, { id: person.personId, tokenTag: person.tokenTag });
      await countAttempt(keys);
      throw wrong(moveDayMessages.personalLinkInvalid);
    }
    if (!visit.isProtected) return startSession(move, '');
    const visitor = await signIn(move, body);
    if (visitor === undefined) {
      await countAttempt(keys);
      throw wrong(
        body.link ? visitMessages.linkInvalid : move.authorizationScheme === 'password' ? visitMessages.wrongPassword : visitMessages.wrongCredentials,
      );
    }
    return startSession(move, visitor);
  }),

  bind(api.visit.signInLink, async ({ visit, body, request, context }) => {
    const started = Date.now();
    const move = visitedMove(visit);
    const email = body.email.trim().toLowerCase();
    const keys = [...limitKeys(linkLimits, move.id, request), { limit: linkLimits.perEmail, key: `${move.id}|${email}` }];
    await assertUnderLimit(keys);
    await countAttempt(keys);
    // The same answer whatever the address, and not sooner for an address that gets no mail: nothing
    // tells whether it may sign in. A failed send is logged; the visitor can ask again.
    if (move.authorizationScheme === 'email' && allowedEmail(move, email)) {
      try {
        const secret = await createLink(move.id, email);
        const location = await getLocationDoc(move.clientId, move.locationId);
        // In the language the visitor reads the site in, when the move offers it.
        const language = body.language && move.languages.includes(body.language as ContentLocale) ? (body.language as ContentLocale) : move.defaultLanguage;
        await mailLink(email, location?.name ?? move.path, move.path, secret, language);
      } catch (error) {
        context.error('a visitor sign-in link could not be sent', error);
      }
    }
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, started + LINK_ANSWER_MS - Date.now())));
    return ok({ sent: true as const }, { 'Cache-Control': 'no-store' });
  }),

  bind(api.visit.pages, async ({ visit, request }) => {
    const pages = (await listPages(visit.moveId)).filter((page) => page.published);
    // Cleaned again as visitors get it (defence in depth): a media embed, which no browser draws, becomes
    // a link to its address, and a video plays only a file of this API.
    const forVisitors = { ownFiles: editorFilesAt(request), embedsAsLinks: true };
    const body: VisitPage[] = await Promise.all(
      pages.map(async (page, position) => ({
        id: page.id,
        position,
        translations: await sanitizeTranslations(
          page.translations.map(({ locale, title, content }) => ({ locale, title, content })),
          forVisitors,
        ),
        ...(page.defaultLanguage ? { defaultLanguage: page.defaultLanguage } : {}),
      })),
    );
    return cachedJson(request, body, cacheScope(visit));
  }),

  bind(api.visit.timeline, async ({ visit, request }) => {
    // A person signed in by their personal link sees the whole move's events and their wave's (issue 48).
    const person = visit.person && !visit.moversPass ? await readPerson(visit.moveId, visit.person.id) : undefined;
    const forPerson = (event: { waves?: string[] }) => !person || !event.waves?.length || (person.waveId !== null && event.waves.includes(person.waveId));
    const sections = sortTimeline(await listSections(ownerIdOf('move', visit.moveId))).map((s) => ({ ...s, events: s.events.filter(forPerson) }));
    // Each text in the move's other languages comes along: the visitor build shows the visitor's, else the default.
    const body: VisitTimelineSection[] = sections.map(({ id, title, date, events, translations }) => ({
      id,
      title,
      date,
      events: events.map(({ id: eventId, title: eventTitle, description, startDate, endDate, translations: eventTranslations }) => ({
        id: eventId,
        title: eventTitle,
        description,
        startDate,
        endDate,
        translations: eventTranslations ?? {},
      })),
      translations: translations ?? {},
    }));
    return cachedJson(request, body, person ? 'private' : cacheScope(visit));
  }),

  bind(api.visit.faq, async ({ visit, request }) => {
    const questions = (await faqStore.list(visit.moveId)).filter((q) => q.published);
    const body: VisitFaqQuestion[] = questions.map(({ id, question, answer, translations }) => ({ id, question, answer, translations: translations ?? {} }));
    return cachedJson(request, body, cacheScope(visit));
  }),

  bind(api.visit.contacts, async ({ visit, request }) => {
    const body: VisitContact[] = (await contactStore.list(visit.moveId)).map(({ id, name, title, phonenumber, email, translations }) => ({
      id,
      name,
      title,
      phonenumber,
      email,
      translations: translations ?? {},
    }));
    return cachedJson(request, body, cacheScope(visit));
  }),

  bind(api.visit.details, async ({ visit, request }) => {
    const body: VisitDetail[] = (await detailStore.list(visit.moveId)).map(({ id, title, description, translations }) => ({
      id,
      title,
      description,
      translations: translations ?? {},
    }));
    return cachedJson(request, body, cacheScope(visit));
  }),

  bind(api.visit.feedback, async ({ visit, body, request }) => {
    const keys = limitKeys(formLimits, visit.moveId, request);
    await assertUnderLimit(keys);
    await countAttempt(keys);
    await createFeedback(visit.moveId, body, visit.visitor ? `visitor:${visit.visitor}` : 'visitor');
    return created({ received: true as const });
  }),

  bind(api.visit.documents, async ({ visit, request }) => {
    const body: VisitDocument[] = (await listDocuments(visit.moveId)).map(({ id, originalFilename, contentType, size, position, createdAt }) => ({
      id,
      originalFilename,
      contentType,
      size,
      position,
      createdAt,
    }));
    return cachedJson(request, body, cacheScope(visit));
  }),

  bind(api.visit.document, async ({ visit, params }) => downloadDocument(visit.moveId, params.documentId)),

  bind(api.visit.image, async ({ visit, params, request }) => {
    const image = await readImage(visit.moveId, params.kind as MoveImageKind);
    if (!image) throw notFound(`the move has no ${params.kind}`);
    // Branding is shown before sign-in (the login page): any cache may keep it; by its version, for a year.
    return userFile(request, image, { cache: request.query.get('v') ? 'forever' : 'revalidate', shared: true });
  }),

  bind(api.visit.floors, async ({ visit, request }) => {
    const move = visitedMove(visit);
    const floorImage = (id: string, version: string) =>
      `/v1/visit/${encodeURIComponent(move.path)}/floors/${encodeURIComponent(id)}/image?v=${encodeURIComponent(version)}`;
    // Names only: nothing else of the planner (stickers, audit fields) reaches visitors.
    const body: VisitFloorPlan = {
      hideFloorSelection: move.hideFloorSelection,
      floors: (await publishedFloors(move.id)).map((floor) => ({
        id: floor.id,
        title: floor.floor_name,
        isDefault: floor.isDefault,
        image: { url: floorImage(floor.id, floor.image.version), width: floor.image.width, height: floor.image.height },
        scale: floor.scale,
        entrance: floor.entrance,
        markers: floor.markers.map((m) => ({
          id: m.id,
          type: m.marker_type,
          title: m.title,
          positionX: m.coordinates.positionX,
          positionY: m.coordinates.positionY,
          openSpace: m.openSpace,
          spaceId: m.spaceId,
          people: m.users.map(({ id, name }) => ({ id, name })),
        })),
      })),
    };
    return cachedJson(request, body, cacheScope(visit));
  }),

  bind(api.visit.floorImage, async ({ visit, params, query, request }) => {
    const image = await publishedFloorImage(visit.moveId, params.layoutId);
    return userFile(request, image, { cache: query.v ? 'forever' : 'revalidate', shared: !visit.isProtected });
  }),

  // A seat link's floor image without waiting for the floors (issue 40). The person may move: revalidated
  // each time, private, its ETag naming the floor and its image's version, which the site checks against
  // the floors' answer before drawing it.
  bind(api.visit.personFloorImage, async ({ visit, params, request }) => {
    const { floorId, version, image } = await personFloorImage(visit.moveId, params.personId);
    return userFile(request, { ...image, version: `"${floorId}/${version.replace(/^"|"$/g, '')}"` }, { cache: 'revalidate' });
  }),
];
