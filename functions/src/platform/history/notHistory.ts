/**
 * A query's condition that leaves out history entries (type 'history'), which live in the same containers
 * as their records (recordedWrite.ts): every query over such a container that does not already pick its
 * records' own type must add it. A record without a `type` (a location, a brokering project) is kept.
 */
export const NOT_HISTORY = "(NOT IS_DEFINED(c.type) OR c.type != 'history')";

/** A client keeps its entries in itself (`history`): never part of an answer. */
export const withoutHistory = <T extends object>(doc: T): Omit<T, 'history'> => {
  const { history: _history, ...rest } = doc as T & { history?: unknown };
  return rest as Omit<T, 'history'>;
};
