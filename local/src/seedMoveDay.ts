import { type ContentLocale, personalLink, seatKeyOf } from '@movers/contracts';
import type { ReportDoc } from '@movers/functions/src/features/moveDay/moveDay.data.ts';
import { peopleWithSeats } from '@movers/functions/src/features/planner/index.ts';
import { newPersonToken } from '@movers/functions/src/features/seatLetters/index.ts';
import type { LetterDoc } from '@movers/functions/src/features/seatLetters/seatLetters.data.ts';
import { container } from '@movers/functions/src/platform/cosmos/client.ts';
import { PLANNER_MOVE, seededPerson } from './seedPlanner.ts';

/** The demo move's seeded report (Ola's, so the demo person's page shows one), by a fixed id the API tests read. */
export const SEEDED_REPORT = `${PLANNER_MOVE}_4e000000-0000-4000-8000-000000000001`;
/** Ola Nordmann: the demo person whose personal link `npm start` prints. */
export const DEMO_PERSON = seededPerson(1);

/** Move day of the demo move: one report (new, no photo). */
export async function seedMoveDay(audit: Record<string, string>) {
  const { people } = await peopleWithSeats(PLANNER_MOVE);
  const ola = people.find((p) => p.id === DEMO_PERSON);
  const report: ReportDoc = {
    id: SEEDED_REPORT,
    moveId: PLANNER_MOVE,
    type: 'report',
    personId: DEMO_PERSON,
    personName: ola?.name ?? 'Ola Nordmann',
    seat: null,
    category: 'it',
    text: 'The docking station at my desk has no power cable.',
    status: 'new',
    assigneeId: null,
    answer: '',
    answeredAt: null,
    photo: null,
    createdAt: audit.createdAt!,
    updatedAt: audit.createdAt!,
    updatedBy: `person:${DEMO_PERSON}`,
  };
  try {
    await container('moveDay').items.create(report);
  } catch (error) {
    if ((error as { code?: number }).code !== 409) throw error;
  }
}

/**
 * A personal link for the demo person, made now (each `npm start` makes a new one, which replaces the one
 * before): the token is printed and only its hash stored, on Ola's seat letter, as a sent letter does.
 */
export async function demoPersonalLink(site: string): Promise<string> {
  const { people } = await peopleWithSeats(PLANNER_MOVE);
  const ola = people.find((p) => p.id === DEMO_PERSON);
  const { token, hash } = newPersonToken();
  const letters = container('seatLetters');
  const { resource: current } = await letters.item(DEMO_PERSON, PLANNER_MOVE).read<LetterDoc>();
  const seatKey = ola?.seat ? seatKeyOf(ola.seat.markerId, ola.seat) : '';
  const now = new Date().toISOString();
  const letter: LetterDoc = current ?? {
    id: DEMO_PERSON,
    moveId: PLANNER_MOVE,
    type: 'letter',
    status: 'sent',
    seatKey,
    sentSeatKey: seatKey,
    language: 'no' as ContentLocale,
    queuedAt: now,
    claimedAt: null,
    sentAt: now,
    error: null,
  };
  await letters.items.upsert({ ...letter, tokenHash: hash });
  return personalLink(site, token);
}
