import {
  api,
  type Move,
  type MoveColors,
  type MoveImage,
  type MoveImageKind,
  type MoveInput,
  type MoveOverview,
  type PersonRef,
  messages,
  moveColorKeys,
  moveImageKinds,
  moveMessages,
} from '@movers/contracts';
import { sanitizeSvg } from '../../platform/html/svg.ts';
import { imageVersions, readImage, removeImage, storeImage } from './images.data.ts';
import type { Principal } from '../../platform/auth/principal.ts';
import { assertClientAccess } from '../../platform/auth/policies.ts';
import { badRequest, notFound, preconditionRequired } from '../../platform/http/errors.ts';
import { file, noContent, ok, withEtag } from '../../platform/http/responses.ts';
import { type BoundRoute, bind } from '../../platform/http/route.ts';
import { getClientDoc } from '../clients/index.ts';
import { findLocationDoc, getLocationDoc, recountLocations, setMoveService } from '../locations/index.ts';
import { clientIdOf, type GraphUser, getDirectoryUser } from '../users/index.ts';
import {
  type ColorsDoc,
  createMoveDoc,
  getColorsDoc,
  getMoveDoc,
  type MoveDoc,
  noColors,
  parseMoveId,
  patchMoveDoc,
  replaceColorsDoc,
  updateMoveDoc,
} from './moves.data.ts';
import { hashPassword } from './password.ts';

type Stored<T> = T & { etag?: string };

async function directory(ids: string[]) {
  const found = new Map<string, GraphUser | undefined>();
  await Promise.all([...new Set(ids)].map(async (id) => found.set(id, await getDirectoryUser(id).catch(() => undefined))));
  return found;
}

/** Team members must be internal directory users, main client contacts External users of this client. */
async function assertMovePeople(clientId: string, input: MoveInput): Promise<void> {
  const found = await directory([...input.teamMembers, ...input.clientContact].map((p) => p.id));
  const fields: Record<string, string> = {};
  if (input.teamMembers.some((m) => found.get(m.id)?.userType !== 'Member')) fields.teamMembers = messages.validation.pleaseSelect;
  for (const c of input.clientContact) {
    if (found.get(c.id)?.userType !== 'Guest' || (await clientIdOf(c.id)) !== clientId) fields.clientContact = messages.validation.pleaseSelect;
  }
  if (Object.keys(fields).length > 0) throw badRequest('validation failed', fields);
}

const uniqueRefs = (refs: { id: string }[]) => [...new Map(refs.map((r) => [r.id, { id: r.id }])).values()];

async function toMove(doc: Stored<MoveDoc>, colors?: Stored<ColorsDoc>): Promise<Move> {
  const { type: _t, passwordHash, sessionVersion: _s, ...rest } = doc;
  const found = await directory([...doc.teamMembers, ...doc.clientContact].map((p) => p.id));
  const person = (ref: { id: string }): PersonRef => {
    const user = found.get(ref.id);
    return user ? { id: ref.id, displayName: user.displayName ?? '', mail: user.mail ?? '' } : { id: ref.id };
  };
  const colorValues = colors ? Object.fromEntries(moveColorKeys.map((k) => [k, colors[k] ?? null])) : noColors();
  return {
    ...rest,
    hasPassword: passwordHash !== null,
    teamMembers: doc.teamMembers.map(person),
    clientContact: doc.clientContact.map(person),
    colors: colorValues as MoveColors,
    images: await imageVersions(doc.id),
  };
}

/** The settings to store: people checked, the password hashed; a scheme with a password needs one set. */
async function settingsOf(input: MoveInput, clientId: string, current?: MoveDoc) {
  const clean: MoveInput = { ...input, teamMembers: uniqueRefs(input.teamMembers), clientContact: uniqueRefs(input.clientContact) };
  await assertMovePeople(clientId, clean);
  const newPassword = input.password ? input.password : null;
  const needsPassword = input.authorizationScheme !== 'email';
  if (needsPassword && !newPassword && !current?.passwordHash) throw badRequest('validation failed', { password: moveMessages.passwordRequired });
  const { password: _p, ...settings } = clean;
  const passwordHash = newPassword ? await hashPassword(newPassword) : (current?.passwordHash ?? null);
  return {
    settings: { ...settings, whitelistedDomains: [...new Set(settings.whitelistedDomains.map((d) => d.toLowerCase()))], passwordHash },
    passwordChanged: newPassword !== null,
  };
}

/**
 * A move the caller may read: the client comes from the move id, so an External user of another client
 * gets 403 before anything is read; a missing move is 404.
 */
export async function readableMove(principal: Principal, moveId: string): Promise<Stored<MoveDoc>> {
  const ids = parseMoveId(moveId);
  if (!ids) throw notFound('move not found');
  await assertClientAccess(principal, ids.clientId);
  const doc = await getMoveDoc(moveId);
  if (!doc) throw notFound('move not found');
  return doc;
}

/** The move of the location in the path: the move id must belong to it. */
async function moveOfLocation(principal: Principal, locationId: string, moveId: string) {
  const move = await readableMove(principal, moveId);
  if (move.locationId !== locationId) throw notFound('move not found');
  return move;
}

async function overviewOf(doc: Stored<MoveDoc>): Promise<MoveOverview> {
  const [client, location] = await Promise.all([getClientDoc(doc.clientId), getLocationDoc(doc.clientId, doc.locationId)]);
  return {
    id: doc.id,
    path: doc.path,
    name: location?.name ?? '',
    company: client?.name ?? '',
    generalInfos: { title: location?.name ?? '', content: [location?.address, location?.city].filter(Boolean).join(', ') },
    language: doc.defaultLanguage,
    stickersCount: doc.stickersCount,
    etag: doc.etag,
  };
}

async function colorsOf(moveId: string): Promise<Stored<ColorsDoc>> {
  const colors = await getColorsDoc(moveId);
  if (!colors) throw notFound('move not found');
  return colors;
}

const colorsBody = (doc: Stored<ColorsDoc>): MoveColors & { etag?: string } => ({
  ...(Object.fromEntries(moveColorKeys.map((k) => [k, doc[k] ?? null])) as MoveColors),
  etag: doc.etag,
});

export const moveRoutes: BoundRoute[] = [
  bind(api.moves.create, async ({ body, principal, params }) => {
    const location = await findLocationDoc(params.locationId);
    if (!location) throw notFound('location not found');
    const { settings } = await settingsOf(body, location.clientId);
    const doc = await createMoveDoc(location.clientId, location.id, settings, principal.userId);
    await setMoveService(location.clientId, location.id, { id: doc.id, isEnabled: doc.isEnabled });
    await recountLocations(location.clientId);
    return withEtag(await toMove(doc), 201);
  }),
  bind(api.moves.getOfLocation, async ({ principal, params }) => {
    const move = await moveOfLocation(principal, params.locationId, params.moveId);
    return withEtag(await toMove(move, await getColorsDoc(move.id)));
  }),
  bind(api.moves.update, async ({ body, principal, params, ifMatch }) => {
    const current = await moveOfLocation(principal, params.locationId, params.moveId);
    const { settings, passwordChanged } = await settingsOf(body, current.clientId, current);
    const saved = await updateMoveDoc(current, settings, passwordChanged, principal.userId, ifMatch);
    if (saved.isEnabled !== current.isEnabled) {
      await setMoveService(saved.clientId, saved.locationId, { id: saved.id, isEnabled: saved.isEnabled });
      await recountLocations(saved.clientId);
    }
    return withEtag(await toMove(saved, await getColorsDoc(saved.id)));
  }),
  bind(api.moves.get, async ({ principal, params }) => withEtag(await overviewOf(await readableMove(principal, params.moveId)))),
  bind(api.moves.patch, async ({ body, principal, params, ifMatch }) => {
    const current = await readableMove(principal, params.moveId);
    const change = Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined));
    return withEtag(await overviewOf(await patchMoveDoc(current, change, principal.userId, ifMatch)));
  }),
  bind(api.moves.unassignedPeople, async ({ principal, params }) => ok((await readableMove(principal, params.moveId)).unassignedPeople)),
];

/** POST and PUT /v1/colors both change colours of an existing move, so both need the ETag read. */
async function setColors(principal: Principal, body: Record<string, unknown>, ifMatch: string | undefined) {
  if (!ifMatch) throw preconditionRequired();
  const moveId = String(body.moveId);
  await readableMove(principal, moveId);
  const current = await colorsOf(moveId);
  const change = Object.fromEntries(moveColorKeys.filter((k) => k in body).map((k) => [k, (body[k] as string | null | undefined) || null]));
  return withEtag(colorsBody(await replaceColorsDoc(current, change, ifMatch)));
}

export const colorRoutes: BoundRoute[] = [
  bind(api.colors.create, async ({ body, principal, request }) => setColors(principal, body, request.headers.get('if-match')?.trim() || undefined)),
  bind(api.colors.update, async ({ body, principal, ifMatch }) => setColors(principal, body, ifMatch)),
  bind(api.colors.get, async ({ principal, params }) => {
    await readableMove(principal, params.moveId);
    return withEtag(colorsBody(await colorsOf(params.moveId)));
  }),
  bind(api.colors.clear, async ({ principal, params, ifMatch }) => {
    await readableMove(principal, params.moveId);
    await replaceColorsDoc(await colorsOf(params.moveId), noColors(), ifMatch);
    return noContent();
  }),
];

/** A user's image is served so that it cannot run or be taken for another type, whatever it holds. */
const imageHeaders = (type: string, version: string, cached: boolean) => ({
  'Content-Type': type,
  'Content-Security-Policy': "sandbox; default-src 'none'; style-src 'unsafe-inline'",
  'X-Content-Type-Options': 'nosniff',
  'Content-Disposition': 'inline',
  ETag: version,
  // Addressed by its version (the cache-buster), an image never changes: kept for a year.
  'Cache-Control': cached ? 'private, max-age=31536000, immutable' : 'private, no-cache',
});

function imageRoutesOf(kind: MoveImageKind): BoundRoute[] {
  const contracts = api[kind];
  return [
    bind(contracts.upload, async ({ body, principal, params, query }) => {
      await moveOfLocation(principal, params.locationId, params.moveId);
      const bytes = body.type === 'image/svg+xml' ? await sanitizeSvg(body.bytes) : body.bytes;
      const version = await storeImage(params.moveId, kind, bytes, body.type, query.discriminator);
      return ok<MoveImage>({ kind, version, discriminator: query.discriminator ?? null });
    }),
    bind(contracts.get, async ({ principal, params, query, request }) => {
      await readableMove(principal, params.moveId);
      const image = await readImage(params.moveId, kind, query.discriminator);
      if (!image) throw notFound(`the move has no ${kind}`);
      const headers = imageHeaders(image.type, image.version, Boolean(query.v));
      if (request.headers.get('if-none-match') === image.version) return { status: 304, headers } as never;
      return file(image.bytes, headers);
    }),
    bind(contracts.remove, async ({ principal, params, ifMatch }) => {
      await moveOfLocation(principal, params.locationId, params.moveId);
      if (!(await removeImage(params.moveId, kind, ifMatch))) throw notFound(`the move has no ${kind}`);
      return noContent();
    }),
  ];
}

export const moveImageRoutes: BoundRoute[] = moveImageKinds.flatMap(imageRoutesOf);
