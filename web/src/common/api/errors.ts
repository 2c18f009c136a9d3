import type { ApiErrorBody } from '@movers/contracts';

/** A failed API call: the status, and the server's error body when it sent one. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body?: ApiErrorBody,
  ) {
    super(body?.error.message ?? `request failed with status ${status}`);
  }

  get fields(): Record<string, string> | undefined {
    return this.body?.error.fields;
  }
}

/** Raised when signing in is needed or the backend keeps refusing the token. */
export class AuthError extends Error {}

/**
 * A token needs the user in a window of the identity provider (consent, usually). Browsers block windows
 * opened without a click, so this is shown with a button rather than opened from a data fetch.
 */
export class InteractionNeeded extends AuthError {}
