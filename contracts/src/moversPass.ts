import * as yup from './yup.ts';
import { toIsoDay } from './dates.ts';
import { messages } from './messages.ts';
import type { TimelineSection } from './timeline.ts';
import { endOfDayIn } from './waveTimes.ts';

/**
 * A movers' pass: a link the move's team prints on the move plan, for movers' phones that are not the
 * employees'. It opens the published floor plans and seat links read-only, without the visitor password
 * and without anything else of the site; revoking it (or making a new one) ends its sessions at once.
 */
export interface MoversPass {
  /** Names the pass in its sessions: a new pass has a new id, so the sessions of the one before end. */
  id: string;
  /** The secret of the link (`/{path}/pass#{token}`). */
  token: string;
  /** The end of the pass's last day on the move's clock (ISO timestamp). */
  expiresAt: string;
  createdAt: string;
  createdBy: string;
}

/** GET /v1/moves/{moveId}/movers-pass: the move's pass, if any, and the last day a new one would get by default. */
export interface MoversPassState {
  pass: MoversPass | null;
  /** `YYYY-MM-DD`: a week after the move's last timeline date, else 30 days from today. */
  defaultLastDay: string;
  /** The pass's, to revoke it with (the move's while there is none). */
  etag?: string;
}

export const moversPassMessages = {
  passInvalid: "This movers' pass is no longer valid",
  floorPlansOnly: "a movers' pass opens the floor plans only",
  lastDayPast: 'the last day must be today or later',
  lastDayTooFar: 'the last day must be within a year',
} as const;

const DAY_MS = 86_400_000;
/** A pass lasts at most a year: a forgotten link does not open the floor plans for ever. */
export const MOVERS_PASS_MAX_DAYS = 366;

/** POST /v1/moves/{moveId}/movers-pass: a new pass (the one before ends), until the end of `lastDay`. */
export const moversPassCreateSchema = yup
  .object({
    lastDay: yup
      .string()
      .optional()
      .test('day', messages.timeline.invalidDate, (v) => v === undefined || toIsoDay(v) !== null)
      .test('not-past', moversPassMessages.lastDayPast, (v) => v === undefined || toIsoDay(v) === null || Date.parse(toIsoDay(v)!) + DAY_MS > Date.now())
      .test(
        'within-a-year',
        moversPassMessages.lastDayTooFar,
        (v) => v === undefined || toIsoDay(v) === null || Date.parse(toIsoDay(v)!) < Date.now() + MOVERS_PASS_MAX_DAYS * DAY_MS,
      )
      .meta({ rule: `today or later and within ${MOVERS_PASS_MAX_DAYS} days, else 400` }),
  })
  .noUnknown(true, 'unknown field: ${unknown}');

/** The last day of a pass made `now` by default: a week after the move's last timeline date, else 30 days on (`YYYY-MM-DD`). */
export function defaultPassLastDay(sections: Pick<TimelineSection, 'date' | 'events'>[], now: Date): string {
  const days = sections.flatMap((s) => [s.date, ...s.events.flatMap((e) => [e.startDate, e.endDate])]).flatMap((d) => (d ? [Date.parse(d)] : []));
  const today = Date.parse(now.toISOString().slice(0, 10));
  const last = days.length > 0 ? Math.max(...days) + 7 * DAY_MS : Number.NaN;
  const chosen = last >= today ? last : today + 30 * DAY_MS;
  return new Date(Math.min(chosen, today + (MOVERS_PASS_MAX_DAYS - 1) * DAY_MS)).toISOString().slice(0, 10);
}

/**
 * The moment a pass whose last day is `lastDay` (`YYYY-MM-DD`) ends: the end of that day on the move's clock
 * (issue 55: its time zone, not UTC's), the second before the next day begins there.
 */
export const passEndOf = (lastDay: string, timeZone: string): string => endOfDayIn(toIsoDay(lastDay)!, timeZone);

/** The address of a pass on a move's site (`site`: its address with the path): the token is in the fragment, so it never reaches a server's logs. */
export const moversPassLink = (site: string, token: string) => `${site.replace(/\/$/, '')}/pass#${token}`;
