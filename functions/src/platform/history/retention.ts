import { readSetting } from '../config/config.ts';
import { serviceUnavailable } from '../http/errors.ts';

const DEFAULT_DAYS = 730;
let logged = false;

/**
 * How long a history entry is kept, in seconds (its Cosmos `ttl`): HISTORY_RETENTION_DAYS, two years when
 * unset. A value that is not a whole number of days from 1 is never taken for a default: every recorded
 * write is refused (503) and the reason logged once, so a mistyped setting cannot silently keep too little.
 */
export function retentionSeconds(): number {
  const value = readSetting('HISTORY_RETENTION_DAYS');
  if (value === undefined) return DEFAULT_DAYS * 86_400;
  if (/^[1-9]\d{0,4}$/.test(value.trim())) return Number(value.trim()) * 86_400;
  if (!logged) {
    logged = true;
    console.error('setting HISTORY_RETENTION_DAYS is not a whole number of days from 1: recorded writes are refused until it is fixed');
  }
  throw serviceUnavailable('history is not configured (HISTORY_RETENTION_DAYS): changes cannot be recorded');
}
