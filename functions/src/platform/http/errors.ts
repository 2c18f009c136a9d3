import { type ApiErrorBody, type ErrorCode, type FileProblem, type FileRefusal, type FileTypeRule, fileProblemMessage } from '@movers/contracts';

/** An error that becomes a JSON error response with its status. Anything else thrown becomes a 500. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
    /** Headers the answer carries (Retry-After). */
    readonly headers?: Record<string, string>,
    /** An upload's refused file and what is wrong with it. */
    readonly file?: FileRefusal,
  ) {
    super(message);
  }

  toBody(): ApiErrorBody {
    return {
      error: { code: this.code, message: this.message, ...(this.fields ? { fields: this.fields } : {}), ...(this.file ? { file: this.file } : {}) },
    };
  }
}

/**
 * An upload's file refused, said of this file (issue 55): 400 when it is empty, else 415; the message in the
 * API's words (contracts' `fileProblemMessage`), the part, the name and the problem in `file` for a screen to
 * say in its language.
 */
export function fileRefused(field: string, name: string, problem: FileProblem, rule: FileTypeRule): HttpError {
  const message = fileProblemMessage(problem, name, rule);
  const file = { field, name, problem };
  return problem === 'empty'
    ? new HttpError(400, 'validation_failed', message, { [field]: message }, undefined, file)
    : new HttpError(415, 'unsupported_media_type', message, undefined, undefined, file);
}

export const badRequest = (message: string, fields?: Record<string, string>) =>
  new HttpError(400, fields ? 'validation_failed' : 'bad_request', message, fields);
/**
 * A record a body names that does not exist: 400 naming the field, on every route (a 404 is for the
 * record the path names). A caller who may not see the record still gets its 403 (access comes first).
 */
export const unknownInBody = (field: string, message: string) => badRequest('validation failed', { [field]: message });

/** Reads the record a body's field names: its 404 becomes {@link unknownInBody} with the 404's message. */
export async function namedInBody<T>(field: string, read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof HttpError && error.status === 404) throw unknownInBody(field, error.message);
    throw error;
  }
}
export const unauthorized = (message = 'sign-in required') => new HttpError(401, 'unauthorized', message);
export const forbidden = (message = 'you may not access this resource') => new HttpError(403, 'forbidden', message);
export const notFound = (message = 'not found') => new HttpError(404, 'not_found', message);
export const conflict = (message: string) => new HttpError(409, 'conflict', message);
export const preconditionFailed = (message = 'the data was changed by someone else') => new HttpError(412, 'precondition_failed', message);
export const preconditionRequired = (message = 'this change needs the If-Match header with the ETag you read: reload and try again') =>
  new HttpError(428, 'precondition_required', message);
export const payloadTooLarge = (message = 'request body is too large') => new HttpError(413, 'payload_too_large', message);
export const unsupportedMediaType = (message = 'expected application/json') => new HttpError(415, 'unsupported_media_type', message);
/** Too many attempts: refused for `retryAfterSeconds` (the Retry-After header says it too). */
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new HttpError(429, 'too_many_requests', message, undefined, { 'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))) });
/** A service the API relies on (Graph mail) failed: what the caller asked was kept, the rest did not happen. */
export const badGateway = (message: string) => new HttpError(502, 'bad_gateway', message);
/** A feature the server cannot run as configured (a secret missing or unresolved): nothing was done. */
export const serviceUnavailable = (message: string) => new HttpError(503, 'service_unavailable', message);
