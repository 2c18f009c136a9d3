import type { HistoryChange } from '@movers/contracts';

/** Fields every record has that say nothing a user changed: identity, partition, audit, Cosmos's own. */
/** Also what only the system keeps true (a move's visitor-session version, a reminder mail's claim). */
const IGNORED = new Set(['id', 'type', 'etag', 'createdAt', 'createdBy', 'updatedAt', 'updatedBy', 'history', 'ttl', 'sessionVersion', 'sendClaim']);
/** Secrets: a change is recorded, never the value (who may read a move may read its history). */
export const SECRET_FIELDS = new Set(['passwordHash']);
export const HIDDEN = '(hidden)';
const shown = (name: string, value: unknown) => (SECRET_FIELDS.has(name) && value !== null && value !== undefined ? HIDDEN : (value ?? null));

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** Every field that differs between two states of a record (absent counts as null), by name. */
export function changesBetween(before: object | undefined, after: object | undefined): HistoryChange[] {
  const from = (before ?? {}) as Record<string, unknown>;
  const to = (after ?? {}) as Record<string, unknown>;
  const names = [...new Set([...Object.keys(from), ...Object.keys(to)])].filter((name) => !IGNORED.has(name) && !name.startsWith('_'));
  return names
    .filter((name) => !same(from[name], to[name]))
    .sort()
    .map((field) => ({ field, from: shown(field, from[field]), to: shown(field, to[field]) }));
}
