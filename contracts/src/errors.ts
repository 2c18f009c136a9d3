import type { FileRefusal } from './fileTypes.ts';

/** Every API error body: `{ error: { code, message, fields?, file? } }`. */
export type ErrorCode =
  | 'bad_request'
  | 'validation_failed'
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'precondition_failed'
  | 'precondition_required'
  | 'payload_too_large'
  | 'unsupported_media_type'
  | 'unprocessable'
  | 'too_many_requests'
  | 'bad_gateway'
  | 'service_unavailable'
  | 'internal';

export interface ApiErrorBody {
  error: {
    code: ErrorCode;
    message: string;
    /** Field name → message, for validation failures. */
    fields?: Record<string, string>;
    /** An upload's refused file and what is wrong with it (its 400/415; issue 55). */
    file?: FileRefusal;
  };
}
