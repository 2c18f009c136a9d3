import {
  api,
  type ContentLocale,
  type EarlierWave,
  type LetterSeat,
  type SeatChange,
  type SeatLetterRow,
  type SeatLetterScope,
  type SeatLetterStatus,
  type SeatLettersQueued,
  type SeatLettersState,
  type Wave,
  waveMessages,
  seatKeyOf,
  seatLetterMessages,
  waveChangeOf,
  waveKeyOfSeatKey,
  wavePartOfKey,
} from '@movers/contracts';
import type { Principal } from '../../platform/auth/principal.ts';
import { inBatches } from '../../platform/cosmos/inBatches.ts';
import { recordHistory } from '../../platform/history/historyRead.ts';
import { mailSender } from '../../platform/graph/mail.ts';
import { enqueueAll } from '../../platform/queue/client.ts';
import { badRequest } from '../../platform/http/errors.ts';
import { ok } from '../../platform/http/responses.ts';
import { type BoundRoute, bind } from '../../platform/http/route.ts';
import { getLocationDoc } from '../locations/index.ts';
import { moveAccess, readableMove } from '../moves/index.ts';
import { labelRoutes, listPersonDocsOfWave, type PersonSeat, peopleWithSeats, seatsOfPeople } from '../planner/index.ts';
import { waveStore } from '../waves/index.ts';
import { letterWaveKey, peopleWaves } from './personWaves.ts';
import { SEAT_LETTER_QUEUE } from './queue.ts';
import type { LetterMessage } from './sendLetter.ts';
import { LETTERS_PER_BATCH, type LetterDoc, listLetters, listLettersOf, markWaiting, saveLetter } from './seatLetters.data.ts';

/** A letter still waiting after this long was lost on its way (a queue that lost a message): 'failed' sends it again. */
const STUCK_MS = 15 * 60_000;
/** How many letters are written (a transactional batch) before their messages are queued, while the next ones are written. */
const CHUNK = LETTERS_PER_BATCH;
/** Letters marked failed at once when queuing failed. */
const WRITE_CONCURRENCY = 32;

interface Person extends PersonSeat {
  key: string | null;
  letter: LetterDoc | undefined;
  wave: Wave | undefined;
}

async function peopleAndLetters(moveId: string) {
  const [{ publishedFloors, people, placeOfMarker }, letters, waves] = await Promise.all([peopleWithSeats(moveId), listLetters(moveId), peopleWaves(moveId)]);
  return { publishedFloors, persons: personsOf(people, letters, waves), placeOfMarker, waves };
}

/**
 * One wave's people with their letters (issue 56): the wave's people, then their seats and their letters
 * side by side, not the move's (a wave's send read every person, marker and letter of a 2,000-person move).
 */
async function waveAndLetters(moveId: string, waveId: string) {
  const seatsAndLetters = async () => {
    const docs = await listPersonDocsOfWave(moveId, waveId);
    const ids = docs.map((p) => p.id);
    return Promise.all([seatsOfPeople(moveId, docs), listLettersOf(moveId, ids)] as const);
  };
  const [waves, [{ publishedFloors, people }, letters]] = await Promise.all([peopleWaves(moveId), seatsAndLetters()]);
  return { publishedFloors, persons: personsOf(people, letters, waves), waves };
}

function personsOf(people: PersonSeat[], letters: LetterDoc[], waves: Awaited<ReturnType<typeof peopleWaves>>): Person[] {
  const byPerson = new Map(letters.map((l) => [l.id, l]));
  // The key holds what the letter says: the seat and the person's wave with its times (issue 48).
  return people.map((p) => {
    const wave = waves.waveOf(p.waveId);
    return { ...p, wave, key: p.seat ? seatKeyOf(p.seat.markerId, p.seat, letterWaveKey(wave)) : null, letter: byPerson.get(p.id) };
  });
}

const onItsWay = (p: Person) => p.letter?.seatKey === p.key && (p.letter.status === 'waiting' || p.letter.status === 'sending');
const sentForSeat = (p: Person) => p.letter?.sentSeatKey === p.key;
const seatChanged = (p: Person) => Boolean(p.key && p.letter?.sentSeatKey && p.letter.sentSeatKey !== p.key);
/** The person's wave, or its times, is not what their letter said (issue 48). */
const waveChanged = (p: Person) => seatChanged(p) && wavePartOfKey(p.letter!.sentSeatKey!) !== wavePartOfKey(p.key!);
/** A correction marked the old labels of this seat replaced (the person is still where the correction sent them). */
const labelsReplaced = (p: Person) => Boolean(p.key && p.letter?.labelsReplaced?.seatKey === p.key);
/** The people the label sheet for changed people lists: seat changed since the letter, or corrected for the seat they have. */
const changedForLabels = (p: Person) => seatChanged(p) || labelsReplaced(p);
/**
 * The seat a letter named, from its seat key (`seatKeyOf`: the marker and the floor, space and table as
 * they were named then): what the earlier letter said, even if the space was renamed since.
 */
function seatOfKey(key: string | null | undefined): LetterSeat | null {
  if (!key) return null;
  try {
    const [, floor, space, table] = JSON.parse(key) as unknown[];
    return typeof floor === 'string' && typeof space === 'string' && (table === null || typeof table === 'string') ? { floor, space, table } : null;
  } catch {
    return null;
  }
}
/**
 * What changed of the person's wave (issue 55): since their sent letter; for one whose correction was sent,
 * between the letter it replaced and the correction.
 */
function waveChangeOfPerson(p: Person) {
  if (!p.key) return null;
  const fromKey = seatChanged(p) ? p.letter!.sentSeatKey! : labelsReplaced(p) ? p.letter!.labelsReplaced!.fromKey : null;
  if (!fromKey || wavePartOfKey(fromKey) === wavePartOfKey(p.key)) return null;
  const from = waveKeyOfSeatKey(fromKey);
  const to = waveKeyOfSeatKey(p.key);
  return from === undefined || to === undefined ? null : waveChangeOf(from, to);
}
const stuck = (p: Person, now: number) => p.letter?.status === 'waiting' && now - Date.parse(p.letter.queuedAt) > STUCK_MS;

/** Whom a send of `scope` mails: people with an address and a seat, not already mailed (or on the way) for that seat. */
function chosen(p: Person, scope: SeatLetterScope, now: number): boolean {
  if (!p.email || !p.key) return false;
  if (scope === 'failed') return p.letter?.status === 'failed' || stuck(p, now);
  if (onItsWay(p) || sentForSeat(p)) return false;
  return scope === 'all' || seatChanged(p);
}

/** How many seat changes a row lists at most (the newest). */
const CHANGES_MAX = 20;
/** People whose history is read at once. */
const HISTORY_CONCURRENCY = 16;

/**
 * What changed for each changed person (issue 37), from their history: the seat changes since their last
 * sent letter; for one a correction was sent to, those between the letter before and the correction.
 */
async function seatChangesOf(clientId: string, moveId: string, persons: Person[], placeOfMarker: (markerId: string | null) => LetterSeat | null) {
  const changes = new Map<string, SeatChange[]>();
  await inBatches(persons.filter(changedForLabels), HISTORY_CONCURRENCY, async (p) => {
    const replaced = seatChanged(p) ? undefined : p.letter?.labelsReplaced;
    const since = replaced ? replaced.since : (p.letter?.sentAt ?? null);
    const until = replaced?.at;
    const { entries } = await recordHistory('person', p.id, { clientId, partitionKey: moveId, moveId }, { limit: 100, field: 'markerId' });
    const list = entries
      .filter((e) => (!since || e.at > since) && (!until || e.at <= until) && e.action !== 'create')
      .flatMap((e) =>
        e.changes
          .filter((c) => c.field === 'markerId')
          .map((c) => ({
            at: e.at,
            by: e.by.name || e.by.id,
            from: placeOfMarker((c.from as string | null) ?? null),
            to: placeOfMarker((c.to as string | null) ?? null),
          })),
      )
      .slice(0, CHANGES_MAX)
      .reverse();
    changes.set(p.id, list);
  });
  return changes;
}

function stateOf(publishedFloors: number, persons: Person[], changes = new Map<string, SeatChange[]>()): SeatLettersState {
  const rows: SeatLetterRow[] = persons.map((p) => ({
    personId: p.id,
    name: p.name,
    email: p.email,
    seat: p.seat ? { floor: p.seat.floor, space: p.seat.space, table: p.seat.table } : null,
    status: p.letter?.status ?? null,
    sentAt: p.letter?.sentAt ?? null,
    error: p.letter?.error ?? null,
    seatChanged: seatChanged(p),
    waveChanged: waveChanged(p),
    wave: p.wave?.name ?? null,
    waveChange: waveChangeOfPerson(p),
    seatChanges: changes.get(p.id) ?? [],
    labelsReplacedAt: labelsReplaced(p) ? p.letter!.labelsReplaced!.at : null,
  }));
  const count = (status: SeatLetterStatus) => rows.filter((r) => r.status === status).length;
  const sendable = persons.some((p) => p.email && p.key);
  return {
    rows,
    counts: {
      waiting: count('waiting'),
      sending: count('sending'),
      sent: count('sent'),
      failed: count('failed'),
      withoutAddress: rows.filter((r) => !r.email).length,
      withoutSeat: rows.filter((r) => r.email && !r.seat).length,
      changed: rows.filter((r) => r.seatChanged).length,
    },
    // Why no letter can be sent, before staff press send: mail turned off first (a new deployment's default).
    cannotSend: !mailSender()
      ? seatLetterMessages.noSender
      : publishedFloors === 0
        ? seatLetterMessages.noPublishedFloor
        : sendable
          ? null
          : seatLetterMessages.nobodyToSend,
  };
}

async function queueLetters(
  principal: Principal,
  moveId: string,
  { scope, language, waveId }: { scope: SeatLetterScope; language?: string; waveId?: string },
): Promise<SeatLettersQueued> {
  const move = await readableMove(principal, moveId);
  // A letter speaks one of the move's languages (the screen offers no other).
  if (language !== undefined && !move.languages.includes(language as ContentLocale))
    throw badRequest('validation failed', { language: 'not one of the languages of the move' });
  // A wave's send reads and counts its own people only.
  const read = () => (waveId === undefined ? peopleAndLetters(move.id) : waveAndLetters(move.id, waveId));
  const [{ publishedFloors, persons: inScope, waves }, location] = await Promise.all([read(), getLocationDoc(move.clientId, move.locationId)]);
  if (waveId !== undefined && !waves.waveOf(waveId)) throw badRequest('validation failed', { waveId: waveMessages.notAWave });
  // Why nothing can be sent is the move's: a wave nobody of can be mailed asks whether anyone of the move can.
  let cannotSend = stateOf(publishedFloors, inScope).cannotSend;
  if (cannotSend === seatLetterMessages.nobodyToSend && waveId !== undefined)
    cannotSend = stateOf(publishedFloors, (await peopleAndLetters(move.id)).persons).cannotSend;
  if (cannotSend) throw badRequest(cannotSend);
  const now = Date.now();
  const recipients = inScope.filter((p) => chosen(p, scope, now));
  // Chosen, one language for all; else 'all' speaks the move's default and the others each person's
  // last letter's language, while the move still has it (a correction reaches them as the first did).
  const languageOf = (p: Person): LetterMessage['language'] => {
    if (language !== undefined) return language as LetterMessage['language'];
    const last = p.letter?.language;
    return scope !== 'all' && last && move.languages.includes(last) ? last : (move.defaultLanguage as LetterMessage['language']);
  };
  const at = new Date(now).toISOString();
  /**
   * What the earlier letter said of the wave, for the correction to name old → new (issue 55): its times,
   * whether it is the wave the person is in now, and its name in the letter's language where the wave
   * still has the name the letter gave it.
   */
  const earlierWaveOf = (sentKey: string, now: Wave | undefined, language: string): EarlierWave => {
    const was = waveKeyOfSeatKey(sentKey);
    if (!was) return { name: null };
    const still = waves.waveOf(was.id);
    const { id, ...times } = was;
    return {
      ...times,
      name: still && still.name === was.name ? waves.personWave(still, language).name : was.name,
      sameWave: now?.id === id && now.name === was.name,
    };
  };
  const messageOf = (p: Person): LetterMessage => {
    // A correction names the seat of the letter it replaces, and its wave and times when they changed.
    const earlier = scope === 'corrections' ? seatOfKey(p.letter?.sentSeatKey) : null;
    const language = languageOf(p);
    const earlierWave = earlier && waveChanged(p) ? { wave: earlierWaveOf(p.letter!.sentSeatKey!, p.wave, language) } : {};
    return {
      moveId: move.id,
      personId: p.id,
      seatKey: p.key!,
      to: p.email!,
      name: p.name,
      seat: { floor: p.seat!.floor, space: p.seat!.space, table: p.seat!.table },
      language,
      moveName: location?.name ?? move.path,
      path: move.path,
      ...(p.wave ? { wave: waves.personWave(p.wave, language) } : {}),
      ...(earlier ? { replaces: { seat: earlier, ...earlierWave } } : {}),
    };
  };
  // A message is sent only for a letter that says what it is for: each chunk's letters are written, then
  // its messages queued while the next chunk's letters are written (the two stores work side by side).
  // The chunks' messages go one chunk after another: the queue's own concurrency is its limit, and chunks
  // queued at once only opened more sockets.
  let queuing: Promise<unknown> = Promise.resolve();
  for (let i = 0; i < recipients.length; i += CHUNK) {
    const chunk = recipients.slice(i, i + CHUNK);
    await markWaiting(
      move.id,
      chunk.map((p) => ({
        personId: p.id,
        seatKey: p.key!,
        language: languageOf(p),
        current: p.letter,
        ...(scope === 'corrections'
          ? { labelsReplaced: { at, seatKey: p.key!, since: p.letter?.sentAt ?? null, fromKey: p.letter?.sentSeatKey ?? null } }
          : {}),
      })),
      at,
    );
    const messages = chunk.map(messageOf);
    queuing = queuing.then(() => enqueueAll(SEAT_LETTER_QUEUE, messages));
    // Awaited below: a failure while the next chunk is written is not an unhandled rejection.
    queuing.catch(() => undefined);
  }
  const failed = await queuing.then(
    () => undefined,
    (reason: unknown) => ({ reason }),
  );
  if (failed) {
    // Some may be queued: marked failed, none of them is sent (the function skips a failed letter); sending again retries them.
    const { persons: current } = await read();
    const chosenIds = new Set(recipients.map((p) => p.id));
    await inBatches(
      current.filter((p) => chosenIds.has(p.id) && p.letter?.status === 'waiting'),
      WRITE_CONCURRENCY,
      (p) => saveLetter(p.letter!, { status: 'failed', error: 'the letter could not be queued' }),
    );
    throw failed.reason;
  }
  const withAddressAndSeat = inScope.filter((p) => p.email && p.key).length;
  return {
    queued: recipients.length,
    withoutAddress: inScope.filter((p) => !p.email).length,
    withoutSeat: inScope.filter((p) => p.email && !p.key).length,
    unchanged: withAddressAndSeat - recipients.length,
  };
}

export const seatLetterRoutes: BoundRoute[] = [
  // The planner's label sheet, here because its `people=changed` needs whose seat changed since their letter.
  ...labelRoutes(
    (moveId) => changedPeople(moveId),
    (moveId) => waveStore.list(moveId),
  ),
  bind(api.seatLetters.get, async ({ principal, params }) => {
    const move = await readableMove(principal, params.moveId);
    const { publishedFloors, persons, placeOfMarker } = await peopleAndLetters(move.id);
    return ok(stateOf(publishedFloors, persons, await seatChangesOf(move.clientId, move.id, persons, placeOfMarker)));
  }),
  // The move's access before the body: a stranger's request is 403/404 whatever it sends (issue 39).
  bind(api.seatLetters.send, async ({ principal, params, body }) => ok(await queueLetters(principal, params.moveId, body)), {
    authorize: moveAccess,
  }),
];

/**
 * Whom the label sheet for changed people lists (issue 37; the planner's label route asks): each person
 * whose seat changed since their letter, or whom a correction was sent to for the seat they have, and
 * whether their old labels were marked replaced.
 */
export async function changedPeople(moveId: string): Promise<Map<string, { labelsReplaced: boolean }>> {
  const { persons } = await peopleAndLetters(moveId);
  return new Map(persons.filter(changedForLabels).map((p) => [p.id, { labelsReplaced: labelsReplaced(p) }]));
}
