import { readSetting } from '../config/config.ts';
import { serviceUnavailable } from '../http/errors.ts';

const DEFAULT_DAYS = 730;
/** Cosmos's largest time to live is 2,147,483,647 seconds: 24,855 whole days. */
export const MAX_RETENTION_DAYS = Math.floor(2_147_483_647 / 86_400);
const logged = new Set<string>();

/**
 * How long a history entry is kept, in seconds (its Cosmos `ttl`): HISTORY_RETENTION_DAYS, two years when
 * unset. A value that is not a whole number of days from 1, or one longer than Cosmos keeps anything, is never
 * taken for a default or cut short: every recorded write is refused (503) and the reason logged once, so a
 * mistyped setting cannot silently keep too little, nor make every write fail at Cosmos.
 */
export function retentionSeconds(): number {
  const value = readSetting('HISTORY_RETENTION_DAYS')?.trim();
  if (value === undefined) return DEFAULT_DAYS * 86_400;
  const problem = !/^[1-9]\d*$/.test(value)
    ? 'is not a whole number of days from 1'
    : Number(value) > MAX_RETENTION_DAYS
      ? `is more days than Cosmos DB's largest time to live (${MAX_RETENTION_DAYS} days)`
      : undefined;
  if (problem === undefined) return Number(value) * 86_400;
  if (!logged.has(problem)) {
    logged.add(problem);
    console.error(`setting HISTORY_RETENTION_DAYS ${problem}: recorded writes are refused until it is fixed`);
  }
  throw serviceUnavailable('history is not configured (HISTORY_RETENTION_DAYS): changes cannot be recorded');
}
