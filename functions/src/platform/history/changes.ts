import type { HistoryChange } from '@movers/contracts';

/** Fields every record has that say nothing a user changed: identity, partition, audit, Cosmos's own. */
const IGNORED = new Set(['id', 'type', 'etag', 'createdAt', 'createdBy', 'updatedAt', 'updatedBy', 'history', 'ttl']);

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** Every field that differs between two states of a record (absent counts as null), by name. */
export function changesBetween(before: object | undefined, after: object | undefined): HistoryChange[] {
  const from = (before ?? {}) as Record<string, unknown>;
  const to = (after ?? {}) as Record<string, unknown>;
  const names = [...new Set([...Object.keys(from), ...Object.keys(to)])].filter((name) => !IGNORED.has(name) && !name.startsWith('_'));
  return names
    .filter((name) => !same(from[name], to[name]))
    .sort()
    .map((field) => ({ field, from: from[field] ?? null, to: to[field] ?? null }));
}
