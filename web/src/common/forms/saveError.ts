import { ApiError } from '../api/errors.ts';

/**
 * What a failed save shows in its form: the server's field errors on their fields, and for a stale
 * ETag (412) the data-changed warning. The toast stays with the form, since each says its own thing.
 */
export function applySaveError(error: unknown, setErrors: (fields: Record<string, string>) => void, setStale?: (stale: boolean) => void): void {
  if (!(error instanceof ApiError)) return;
  if (error.status === 412) setStale?.(true);
  if (error.fields) setErrors(error.fields);
}
