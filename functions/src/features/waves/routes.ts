import {
  api,
  cleanTranslations,
  lateness,
  overCapacity,
  titleKey,
  translationLanguageErrors,
  type Wave,
  type WaveDay,
  type WaveDayPerson,
  type WaveInput,
  type WaveList,
  type WaveLoad,
  type WaveWithLoad,
  WAVES_MAX,
  waveLoad,
  waveMessages,
} from '@movers/contracts';
import { randomUUID } from 'node:crypto';
import type { Principal } from '../../platform/auth/principal.ts';
import type { OrderedItem } from '../../platform/cosmos/orderedItems.ts';
import { recordedEdits } from '../../platform/history/recordedWrite.ts';
import { badRequest, conflict, notFound, preconditionFailed, unknownInBody } from '../../platform/http/errors.ts';
import { ok, withEtag } from '../../platform/http/responses.ts';
import { type BoundRoute, bind } from '../../platform/http/route.ts';
import { localMinute, timeZoneOfCountry } from '../../platform/time/localTime.ts';
import { getLocationDoc } from '../locations/index.ts';
import { moveAccess, readableMove } from '../moves/index.ts';
import { allocationEtag, bumpAllocation, listPersonDocs, type PersonDoc, peopleWithSeats, type StoredPlannerDoc } from '../planner/index.ts';
import { claimName, readWaveLoads, readWavesAndPeople, releaseName, type WaveDoc, waveStore } from './waves.data.ts';

type Move = Awaited<ReturnType<typeof readableMove>>;

/** What the waves read of features above them, passed in by the route table: when each person arrived on move day. */
export interface WaveRouteDeps {
  /** personId → the arrival's ISO time. */
  arrivalsOf(moveId: string): Promise<Map<string, string>>;
  /** personId → when they said their crates were packed (move day's 'packed'). */
  packedOf(moveId: string): Promise<Map<string, string>>;
}

/** The move's time zone: its location's country's (no move stores one). */
export async function moveTimeZone(move: Pick<Move, 'clientId' | 'locationId'>): Promise<string> {
  const location = await getLocationDoc(move.clientId, move.locationId).catch(() => undefined);
  return timeZoneOfCountry(location?.country.id);
}

const toWave = (item: OrderedItem<WaveDoc>): Wave => item as unknown as Wave;

/** A person's crates: their own stickers, else the move's. */
const defaultStickersOf = (move: Move) => move.stickersCount ?? 0;

type Counted = Pick<PersonDoc, 'waveId' | 'stickersCount'>;

function withLoad(wave: Wave, people: Counted[], defaultStickers: number): WaveWithLoad {
  const load = waveLoad(people, defaultStickers);
  return { ...wave, load, overCapacity: overCapacity(wave.capacity, load) };
}

/** The waves with their loads from the move's people (a wave since deleted counts as none), and who is in each. */
function withLoads<P extends Counted>(move: Move, items: OrderedItem<WaveDoc>[], people: P[]) {
  const ids = new Set(items.map((w) => w.id));
  const byWave = new Map<string, P[]>();
  const without: P[] = [];
  for (const person of people) {
    if (!person.waveId || !ids.has(person.waveId)) without.push(person);
    else {
      const members = byWave.get(person.waveId);
      if (members) members.push(person);
      else byWave.set(person.waveId, [person]);
    }
  }
  const stickers = defaultStickersOf(move);
  return {
    waves: items.map((item) => withLoad(toWave(item), byWave.get(item.id) ?? [], stickers)),
    withoutWave: waveLoad(without, stickers) satisfies WaveLoad,
    byWave,
  };
}

async function waveList(move: Move): Promise<WaveList> {
  const [{ waves, etag, people }, timeZone] = await Promise.all([readWaveLoads(move.id), moveTimeZone(move)]);
  const { waves: loaded, withoutWave } = withLoads(move, waves, people);
  return { waves: loaded, withoutWave, timeZone, etag };
}

/** A wave the caller may change: its move's client first (403), then the wave (404). */
async function readableWave(principal: Principal, waveId: string) {
  const moveId = waveStore.parentOf(waveId);
  if (!moveId) throw notFound('wave not found');
  const move = await readableMove(principal, moveId);
  const doc = await waveStore.read(waveId);
  if (!doc) throw notFound('wave not found');
  return { move, doc };
}

/**
 * The rules a body cannot say alone: a day not in the past in the move's time zone (when created or
 * changed), translations in the move's other languages, at most 100 waves, a name no other wave has.
 * Each 400 names its field; nothing is stored before they pass.
 */
async function checkedFields(move: Move, body: WaveInput, current?: WaveDoc) {
  if (!current || current.day !== body.day) {
    const today = localMinute(await moveTimeZone(move)).slice(0, 10);
    if (body.day < today) throw badRequest('validation failed', { day: waveMessages.dayPast });
  }
  const translationErrors = translationLanguageErrors(body.translations as never, move);
  if (translationErrors) throw badRequest(`translations: ${Object.values(translationErrors).join('; ')}`, translationErrors);
  const others = (await waveStore.list(move.id)).filter((w) => w.id !== current?.id);
  if (!current && others.length >= WAVES_MAX) throw badRequest(waveMessages.tooMany, { waves: waveMessages.tooMany });
  if (others.some((w) => titleKey(w.name) === titleKey(body.name))) throw conflict(waveMessages.nameTaken);
  return {
    name: body.name,
    day: body.day,
    packBy: body.packBy ?? null,
    pickUp: body.pickUp ?? null,
    arrival: body.arrival ?? null,
    capacity: { people: body.capacity?.people ?? null, crates: body.capacity?.crates ?? null },
    color: body.color ?? null,
    // Not sent: the wave keeps its translations (a client of an older shape loses none).
    ...(body.translations !== undefined ? { translations: cleanTranslations(body.translations as never) } : {}),
  };
}

/** Where a person's change of wave is recorded: the person's own history, as a change of their seat is. */
const personTarget = (moveId: string) => ({
  container: 'planner' as const,
  partitionKey: moveId,
  kind: 'person' as const,
  moveId,
  what: 'person',
  title: (doc: PersonDoc) => doc.name,
});

/** Puts people in a wave (or none), each with a history entry; answers how many changed. */
export async function setWave(moveId: string, people: StoredPlannerDoc<PersonDoc>[], waveId: string | null, by: string): Promise<number> {
  const at = new Date().toISOString();
  return recordedEdits<PersonDoc>(personTarget(moveId), people, (doc) =>
    (doc.waveId ?? null) === waveId ? null : { ...doc, waveId, updatedAt: at, updatedBy: by },
  );
}

const seatText = (seat: { floor: string; space: string; table: string | null } | null) =>
  seat ? `Floor ${seat.floor} · ${seat.space}${seat.table ? ` ${seat.table}` : ''}` : null;

/** A move's waves (issue 48): the planner's access ('any signed-in' of the move's client; another client 403). */
export function waveRoutes({ arrivalsOf, packedOf }: WaveRouteDeps): BoundRoute[] {
  return [
    bind(api.waves.list, async ({ principal, params }) => {
      const list = await waveList(await readableMove(principal, params.moveId));
      return ok(list, { ETag: list.etag! });
    }),

    bind(
      api.waves.create,
      async ({ principal, params, body }) => {
        const move = await readableMove(principal, params.moveId);
        const fields = await checkedFields(move, body);
        // The name is claimed before the wave is written: of two requests racing for one name, one gets 409.
        const id = `${move.id}_${randomUUID()}`;
        if (!(await claimName(move.id, fields.name, id))) throw conflict(waveMessages.nameTaken);
        try {
          return withEtag(toWave(await waveStore.create(move.id, fields as never, principal.userId, id)), 201);
        } catch (error) {
          await releaseName(move.id, fields.name, id);
          throw error;
        }
      },
      { authorize: moveAccess },
    ),

    bind(
      api.waves.position,
      async ({ principal, params, body, ifMatch }) => {
        const move = await readableMove(principal, params.moveId);
        // The order the caller saw must still be the current one: a reorder of a list changed since is 412.
        if (!(await waveStore.moveTo(move.id, body.waveId, body.newPosition, ifMatch()))) throw unknownInBody('waveId', 'wave not found');
        const list = await waveList(move);
        return ok(list, { ETag: list.etag! });
      },
      { authorize: moveAccess },
    ),

    bind(
      api.waves.update,
      async ({ principal, params, body, ifMatch }) => {
        const { move, doc } = await readableWave(principal, params.waveId);
        const etag = ifMatch();
        const fields = await checkedFields(move, body, doc);
        const renamed = titleKey(fields.name) !== titleKey(doc.name);
        if (renamed && !(await claimName(move.id, fields.name, doc.id))) throw conflict(waveMessages.nameTaken);
        let saved: Awaited<ReturnType<typeof waveStore.update>>;
        try {
          saved = await waveStore.update(doc, fields as never, principal.userId, etag);
        } catch (error) {
          if (renamed) await releaseName(move.id, fields.name, doc.id);
          throw error;
        }
        if (renamed) await releaseName(move.id, doc.name, doc.id);
        if (!saved) throw notFound('wave not found');
        return withEtag(toWave(saved));
      },
      { authorize: ({ principal, params }) => readableWave(principal, params.waveId) },
    ),

    bind(api.waves.delete, async ({ principal, params, ifMatch }) => {
      const { move, doc } = await readableWave(principal, params.waveId);
      await waveStore.remove(doc, ifMatch());
      await releaseName(move.id, doc.name, doc.id);
      // Its people are left without a wave, each change in the person's history.
      const people = (await listPersonDocs(move.id)).filter((p) => p.waveId === doc.id);
      const unassigned = await setWave(move.id, people, null, principal.userId);
      return ok({ unassigned });
    }),

    bind(
      api.waves.assign,
      async ({ principal, params, body, ifMatch }) => {
        const move = await readableMove(principal, params.moveId);
        // Asked for once the caller's access to the move is settled: a stranger gets 403/404, not 428.
        const etag = ifMatch();
        const { waves, people } = await readWavesAndPeople(move.id);
        if (body.waveId && !waves.some((w) => w.id === body.waveId)) throw unknownInBody('waveId', waveMessages.notAWave);
        const byId = new Map(people.map((p) => [p.id, p]));
        const wanted = [...new Set(body.personIds)];
        const strangers = wanted.filter((id) => !byId.has(id));
        if (strangers.length > 0)
          throw unknownInBody(
            'personIds',
            `not people of this move: ${strangers.slice(0, 3).join(', ')}${strangers.length > 3 ? ` and ${strangers.length - 3} more` : ''}`,
          );
        // The people list the caller saw must still be the current one, as for an import.
        if (!(await bumpAllocation(move.id, etag))) throw preconditionFailed('the people were changed by someone else');
        const changed = await setWave(
          move.id,
          wanted.map((id) => byId.get(id)!),
          body.waveId,
          principal.userId,
        );
        const chosen = new Set(wanted);
        const after = people.map((p) => (chosen.has(p.id) ? { ...p, waveId: body.waveId } : p));
        const answered = body.waveId ? (withLoads(move, waves, after).waves.find((w) => w.id === body.waveId) ?? null) : null;
        const peopleEtag = await allocationEtag(move.id);
        return ok({ changed, wave: answered, etag: peopleEtag }, { ETag: peopleEtag });
      },
      { authorize: moveAccess },
    ),

    bind(api.waves.today, async ({ principal, params, query }) => {
      const move = await readableMove(principal, params.moveId);
      const timeZone = await moveTimeZone(move);
      const now = localMinute(timeZone);
      const day = query.day ?? now.slice(0, 10);
      const [{ waves, byWave }, { people: seated }, arrivals, packed] = await Promise.all([
        readWavesAndPeople(move.id).then(({ waves: items, people }) => withLoads(move, items, people)),
        peopleWithSeats(move.id),
        arrivalsOf(move.id),
        packedOf(move.id),
      ]);
      const seatOf = new Map(seated.map((p) => [p.id, p.seat]));
      const stickers = defaultStickersOf(move);
      const body: WaveDay = {
        day,
        timeZone,
        now,
        waves: waves
          .filter((w) => w.day === day)
          .map((wave) => ({
            ...wave,
            people: (byWave.get(wave.id) ?? [])
              .map((p): WaveDayPerson => {
                const times = { packedAt: packed.get(p.id) ?? null, arrivedAt: arrivals.get(p.id) ?? null };
                return {
                  id: p.id,
                  name: p.name,
                  seat: seatText(seatOf.get(p.id) ?? null),
                  crates: p.stickersCount ?? stickers,
                  ...times,
                  late: lateness(wave, times, now),
                };
              })
              .sort((a, b) => a.name.localeCompare(b.name, 'nb') || a.id.localeCompare(b.id)),
          })),
      };
      return ok(body);
    }),
  ];
}
