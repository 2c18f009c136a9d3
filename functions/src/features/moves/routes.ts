import {
  api,
  type Move,
  type MoveColors,
  type MoveImage,
  type MoveImageKind,
  type MoveInput,
  type MoveOverview,
  moveColorKeys,
  moveImageKinds,
  moveMessages,
} from '@movers/contracts';
import { sanitizeSvg } from '../../platform/html/svg.ts';
import { imageVersions, mailLogo, readImage, removeImage, storeImage } from './images.data.ts';
import type { Principal } from '../../platform/auth/principal.ts';
import { assertClientAccess } from '../../platform/auth/policies.ts';
import { badRequest, namedInBody, notFound } from '../../platform/http/errors.ts';
import { noContent, ok, withEtag } from '../../platform/http/responses.ts';
import { userFile } from '../../platform/http/userFiles.ts';
import { timeZoneOfCountry } from '../../platform/time/localTime.ts';
import { type BoundRoute, bind } from '../../platform/http/route.ts';
import { getClientDoc } from '../clients/index.ts';
import { findLocationDoc, getLocationDoc, recountLocations, setMoveService } from '../locations/index.ts';
import { directoryUsers, peopleErrors, personRef } from '../users/index.ts';
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
import { recordImageChange } from './history.ts';
import { hashPassword } from './password.ts';

type Stored<T> = T & { etag?: string };

/** Team members must be internal directory users, main client contacts External users of this client. */
async function assertMovePeople(clientId: string, input: MoveInput): Promise<void> {
  const errors = await peopleErrors(clientId, { internal: { teamMembers: input.teamMembers }, externalOfClient: { clientContact: input.clientContact } });
  if (Object.keys(errors).length > 0) throw badRequest('validation failed', errors);
}

const uniqueRefs = (refs: { id: string }[]) => [...new Map(refs.map((r) => [r.id, { id: r.id }])).values()];

async function toMove(doc: Stored<MoveDoc>, colors?: Stored<ColorsDoc>): Promise<Move> {
  const { type: _t, passwordHash, sessionVersion: _s, ...rest } = doc;
  const found = await directoryUsers(
    [...doc.teamMembers, ...doc.clientContact].map((p) => p.id),
    { forDisplay: true },
  );
  const person = (ref: { id: string }) => personRef(found, ref);
  const colorValues = colors ? Object.fromEntries(moveColorKeys.map((k) => [k, colors[k] ?? null])) : noColors();
  return {
    ...rest,
    // A move saved before notices had translations has its text in the default language only.
    notificationTranslations: doc.notificationTranslations ?? {},
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
/** A route's `authorize` for a path with `{moveId}`: the move's client, before the body is read. */
export const moveAccess = ({ principal, params }: { principal: Principal; params: { moveId: string } }) => readableMove(principal, params.moveId);

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
    languages: doc.languages,
    stickersCount: doc.stickersCount,
    timeZone: timeZoneOfCountry(location?.country.id),
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

/**
 * What the move routes show of the planner, which sits above moves (its routes read the move): the
 * route table passes it in, so moves never imports the planner back.
 */
export interface MovePlannerParts {
  /** The names of the move's planner people who sit on no marker. */
  unassignedNames(moveId: string): Promise<string[]>;
}

export const moveRoutes = ({ unassignedNames }: MovePlannerParts): BoundRoute[] => [
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
    // Asked for once the caller's access to the record is settled: a stranger gets 403/404, not 428.
    const etag = ifMatch();
    const { settings, passwordChanged } = await settingsOf(body, current.clientId, current);
    const saved = await updateMoveDoc(current, settings, passwordChanged, principal.userId, etag);
    if (saved.isEnabled !== current.isEnabled) {
      await setMoveService(saved.clientId, saved.locationId, { id: saved.id, isEnabled: saved.isEnabled });
      await recountLocations(saved.clientId);
    }
    return withEtag(await toMove(saved, await getColorsDoc(saved.id)));
  }),
  bind(api.moves.get, async ({ principal, params }) => withEtag(await overviewOf(await readableMove(principal, params.moveId)))),
  bind(
    api.moves.patch,
    async ({ body, principal, params, ifMatch }) => {
      const current = await readableMove(principal, params.moveId);
      const change = Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined));
      return withEtag(await overviewOf(await patchMoveDoc(current, change, principal.userId, ifMatch())));
    },
    { authorize: moveAccess },
  ),
  // The names stored on the move (PATCH unassignedPeople), then the planner's unassigned people.
  bind(api.moves.unassignedPeople, async ({ principal, params }) => {
    const move = await readableMove(principal, params.moveId);
    return ok([...move.unassignedPeople, ...(await unassignedNames(move.id))]);
  }),
];

/** POST and PUT /v1/colors both change colours of an existing move (the pipeline has required the ETag). */
async function setColors(principal: Principal, body: Record<string, unknown>, ifMatch: () => string) {
  const moveId = String(body.moveId);
  await namedInBody('moveId', () => readableMove(principal, moveId));
  const current = await colorsOf(moveId);
  const change = Object.fromEntries(moveColorKeys.filter((k) => k in body).map((k) => [k, (body[k] as string | null | undefined) || null]));
  return withEtag(colorsBody(await replaceColorsDoc(current, change, ifMatch())));
}

export const colorRoutes: BoundRoute[] = [
  bind(api.colors.create, async ({ body, principal, ifMatch }) => setColors(principal, body, ifMatch)),
  bind(api.colors.update, async ({ body, principal, ifMatch }) => setColors(principal, body, ifMatch)),
  bind(api.colors.get, async ({ principal, params }) => {
    await readableMove(principal, params.moveId);
    return withEtag(colorsBody(await colorsOf(params.moveId)));
  }),
  bind(api.colors.clear, async ({ principal, params, ifMatch }) => {
    await readableMove(principal, params.moveId);
    await replaceColorsDoc(await colorsOf(params.moveId), noColors(), ifMatch());
    return noContent();
  }),
];

function imageRoutesOf(kind: MoveImageKind): BoundRoute[] {
  const contracts = api[kind];
  return [
    bind(contracts.upload, async ({ body, principal, params, query, context }) => {
      await moveOfLocation(principal, params.locationId, params.moveId);
      const bytes = body.type === 'image/svg+xml' ? await sanitizeSvg(body.bytes) : body.bytes;
      // A preview is no change of the move; the image itself is, in the move's history by its versions.
      const previous = query.discriminator ? null : (await imageVersions(params.moveId))[kind];
      const version = await storeImage(params.moveId, kind, bytes, body.type, query.discriminator);
      if (!query.discriminator) await recordImageChange(params.moveId, kind, previous, version);
      // The logo's mail-sized copy is made now, so no letter waits for it (a letter makes it when it is missing).
      if (kind === 'logo' && !query.discriminator)
        await mailLogo(params.moveId).catch((error: unknown) => context.warn(`move ${params.moveId}: no mail-sized copy of the logo yet`, error));
      return ok<MoveImage>({ kind, version, discriminator: query.discriminator ?? null });
    }),
    bind(contracts.get, async ({ principal, params, query, request }) => {
      await readableMove(principal, params.moveId);
      const image = await readImage(params.moveId, kind, query.discriminator);
      if (!image) throw notFound(`the move has no ${kind}`);
      // Addressed by its version (the cache-buster), an image never changes: kept for a year.
      return userFile(request, image, { cache: query.v ? 'forever' : 'revalidate' });
    }),
    bind(contracts.remove, async ({ principal, params, ifMatch }) => {
      await moveOfLocation(principal, params.locationId, params.moveId);
      const previous = (await imageVersions(params.moveId))[kind];
      if (!(await removeImage(params.moveId, kind, ifMatch()))) throw notFound(`the move has no ${kind}`);
      await recordImageChange(params.moveId, kind, previous, null);
      return noContent();
    }),
  ];
}

export const moveImageRoutes: BoundRoute[] = moveImageKinds.flatMap(imageRoutesOf);
