/** Every API error body: `{ error: { code, message, fields? } }`. */
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
  };
}
