import { startOfUtcDay } from './dates.ts';
import type { Reminder } from './entities.ts';

/** Reminder filter values (spec part 1, section 9); pending is the default. */
export const reminderFilters = ['all', 'pending', 'done'] as const;
export type ReminderFilter = (typeof reminderFilters)[number];
export const DEFAULT_REMINDER_FILTER: ReminderFilter = 'pending';

type ReminderState = Pick<Reminder, 'dueDate' | 'done' | 'sentAt'>;

/** A reminder is due once its due date (00:00Z of its day) has come. */
export const isDue = (r: Pick<Reminder, 'dueDate'>, now: Date) => new Date(r.dueDate).getTime() <= now.getTime();

/**
 * Derived flags (spec part 1, section 4): 'unsent' = not sent and due date past; 'upcoming' = not done,
 * not sent and due date in the future. Web and API both use this.
 */
export function reminderFlags(r: ReminderState, now: Date): { unsent: boolean; upcoming: boolean } {
  const sent = Boolean(r.sentAt);
  const due = isDue(r, now);
  return { unsent: !sent && due, upcoming: !r.done && !sent && !due };
}

/**
 * The reminders page's list: filter all / pending (not done) / done, optionally hide reminders due before
 * today, sorted by due date ascending.
 */
export function filterReminders<T extends ReminderState>(rows: T[], options: { show: ReminderFilter; hidePast: boolean }, now: Date): T[] {
  const today = startOfUtcDay(now);
  return rows
    .filter((r) => (options.show === 'all' ? true : options.show === 'done' ? r.done : !r.done))
    .filter((r) => !options.hidePast || new Date(r.dueDate).toISOString() >= today)
    .sort((a, b) => a.dueDate.localeCompare(b.dueDate));
}
