import type { AnyObject, InferType, ObjectSchema } from '../yup.ts';

/**
 * One API route, declared once: the server binds its handler to it, and the Azure registration, the
 * dev host, the authorization matrix, the OpenAPI document and the web's API modules all read it.
 */
export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call a route at all; client-level rules are checked by the handler. `public` needs no token.
 * The visitor site's routes (`v1/visit/{path}/...`) name an enabled move by its path (404 otherwise):
 * `visitorEntry` needs nothing more (the login page, signing in); `visitor` needs a visitor session
 * of that move when the move is protected (401 otherwise).
 */
export type Access = 'public' | 'signedIn' | 'internal' | 'super' | 'visitorEntry' | 'visitor';
/** The access kinds that take no staff token. */
export const staffFreeAccess: readonly Access[] = ['public', 'visitorEntry', 'visitor'];

/** A JSON Schema (2020-12, the dialect of OpenAPI 3.1), as plain data so the document and the tests read it as is. */
export type JsonSchema = { readonly [key: string]: unknown };

/** What a route answers. The type parameter exists for the compiler only. */
export interface Reply<T> {
  readonly kind: 'json' | 'file' | 'none';
  /** For `file`: every media type it may answer with; for `json`, when not `application/json`, its JSON media type. */
  readonly contentTypes?: readonly string[];
  readonly description: string;
  /**
   * For `json`: the answer's schema, written beside its type (`answers/`). The OpenAPI document publishes
   * it and the API tests hold every answer they receive to it, so the type and the schema cannot drift
   * apart unseen.
   */
  readonly schema?: JsonSchema;
  /** Never set: carries the response type. */
  readonly __type?: T;
}

/** A JSON answer of type T, described by its schema. */
export const jsonReply = <T>(description: string, schema: JsonSchema, mediaType?: string): Reply<T> => ({
  kind: 'json',
  description,
  schema,
  ...(mediaType ? { contentTypes: [mediaType] } : {}),
});
/** A download or image: the body is bytes, the web reads it as a Blob. */
export const fileReply = (contentTypes: readonly string[], description: string): Reply<Blob> => ({ kind: 'file', contentTypes, description });

/**
 * The error statuses a route may answer besides those the OpenAPI document derives from its shape (see
 * `openapi.ts`: 400 and 503 always; 401/403 for staff routes; 404 with path ids; 412/428 for conditional
 * writes; 413/415 with a body or upload; 409/422 for a POST's Idempotency-Key; 401/403/429 on visitor
 * routes): the route's own conflicts, a 404 without path ids, a service it relies on being down. Each
 * with when; the API tests and browser tests hold every answer they receive to the document.
 */
export type ErrorStatus = 401 | 404 | 409 | 412 | 413 | 422 | 428 | 429 | 502 | 503;
/** 204 No Content. */
export const noReply = (description: string): Reply<void> => ({ kind: 'none', description });

// biome-ignore lint/suspicious/noExplicitAny: yup's object schema of any shape
export type BodySchema = ObjectSchema<any, AnyObject, any, any>;

type ParamNames<P extends string> = P extends `${string}{${infer Name}}${infer Rest}` ? Name | ParamNames<Rest> : never;

/** The path parameters named in a route template, e.g. `v1/clients/{clientId}` → `{ clientId: string }`. */
export type PathParams<P extends string> = { [K in ParamNames<P>]: string };

/** The shape of an id the API issues, checked before any handler sees it (a path id of another shape is 404). */
export interface IdShape {
  readonly name: string;
  readonly pattern: RegExp;
  /** Where the parameter is one of a few values the handler checks (400 for another of the shape): the document lists them. */
  readonly values?: readonly string[];
}

/** A file upload (multipart/form-data): the form field, the largest size, and the types accepted by content. */
export interface UploadSpec {
  readonly field: string;
  readonly maxBytes: number;
  /** MIME types, judged by the file's bytes, never by its name or declared type. Absent: any type (still judged by content for the stored type). */
  readonly types?: readonly string[];
  /** Types refused though `types` takes any, judged by content too (415 with the message). */
  readonly refused?: { readonly types: readonly string[]; readonly message: string };
  /**
   * The file is not read into memory: the handler gets a `StreamedUpload` and passes the file's bytes on
   * as they arrive (to Blob Storage), after it has checked what it needs (the caller's access).
   */
  readonly stream?: boolean;
  /** The form's text fields beside the file, as the handler validates them: the OpenAPI document publishes them. */
  readonly fields?: BodySchema;
  /**
   * An optional second file beside the first (a floor plan's source PDF, issue 50), judged by its bytes as
   * the first is; `maxBytes` of the route is then the first file's, and the request may carry both.
   */
  readonly attachment?: { readonly field: string; readonly maxBytes: number; readonly types: readonly string[]; readonly description: string };
  /**
   * A refused file (the first or the attachment) is said of itself (issue 55, the floor plans): empty, not a
   * PDF or not the image its name says, damaged, protected, with `error.file` naming the part, the file and the
   * problem (contracts' `fileProblems`). Without it, the rule's one message (`fileTypeMessage`).
   */
  readonly saysProblems?: boolean;
}

/** A request header a route reads beyond those every route shares (Authorization, If-Match, Idempotency-Key). */
export interface RequestHeader {
  readonly description: string;
  /** Without it the route cannot answer its 2xx. */
  readonly required?: boolean;
}

/**
 * The shape of an `Idempotency-Key` (functions' platform/http/idempotency.ts refuses any other with 400;
 * the OpenAPI document publishes it as the header's pattern).
 */
export const IDEMPOTENCY_KEY_SHAPE = /^[A-Za-z0-9._:-]{8,128}$/;

/** What a handler of an upload route receives: the file's bytes and the type its content showed. */
export interface UploadedFile {
  bytes: Uint8Array;
  type: string;
  name: string;
  /** The form's text fields beside the file (a handler validates those it reads). */
  fields: Record<string, string>;
  /** The route's optional second file (`UploadSpec.attachment`), when the request carried one. */
  attachment?: { bytes: Uint8Array; type: string; name: string };
}

/** One file arriving: its name, the type its first bytes show, and its bytes as they arrive. */
export interface IncomingFile {
  name: string;
  /** Judged by content: a known signature, `text/plain` for UTF-8 text, else `application/octet-stream`. */
  type: string;
  /** The file's bytes (a Node Readable on the server); it fails when the upload is cut off or too large. */
  stream: AsyncIterable<Uint8Array>;
  /** The bytes passed on so far: the file's size once the stream has ended. */
  size(): number;
}

/**
 * What a handler of a streaming upload route receives. Nothing is read until `receive` is called: the
 * checks of the request (multipart, declared length) come first, then `consume` gets the file, and
 * `receive` settles only when the whole request was read and well-formed (it rejects on a cut-off or
 * malformed request, too large a file, no file), so the caller knows whether to keep what it stored.
 */
export interface StreamedUpload {
  receive<T>(consume: (file: IncomingFile) => Promise<T>): Promise<T>;
}

export interface RouteContract<
  P extends string = string,
  B extends BodySchema | undefined = BodySchema | undefined,
  Q extends BodySchema | undefined = BodySchema | undefined,
  R = unknown,
  M extends Method = Method,
  A extends Access = Access,
  U extends UploadSpec | undefined = UploadSpec | undefined,
> {
  /** Unique; the Azure function name. */
  readonly name: string;
  readonly method: M;
  /** Azure Functions route template under /api, e.g. `v1/clients/{clientId}`. */
  readonly path: P;
  readonly access: A;
  readonly summary: string;
  /** The shape of each path parameter. */
  readonly params: { readonly [K in ParamNames<P>]: IdShape };
  /** The JSON body, validated before the handler runs (unknown fields refused). */
  readonly body?: B;
  /** The query string, validated before the handler runs. */
  readonly query?: Q;
  /** Instead of a JSON body: one file, checked by size and content before the handler runs. */
  readonly upload?: U;
  /** Request headers of the route's own (a store token), by name: the OpenAPI document declares them. */
  readonly requestHeaders?: { readonly [name: string]: RequestHeader };
  /** The largest JSON body taken, in bytes, where a route needs more than the API's default (rich text). */
  readonly maxBodyBytes?: number;
  /** 201 for creates; 200 otherwise (204 for `noReply`). */
  readonly status?: 200 | 201 | 204;
  /** A POST that changes what exists (the spec's method): it needs If-Match as PUT, PATCH and DELETE do. */
  readonly conditional?: boolean;
  /** A GET that may answer 204, no body, instead of its file (a user without a photo): when. */
  readonly empty?: string;
  /** A GET that answers 304 (no body) when the caller's If-None-Match names what it holds. */
  readonly cached?: true;
  /** Error statuses of the route's own (a conflict, a service it relies on), each with when it is answered. */
  readonly errors?: { readonly [S in ErrorStatus]?: string };
  /** A `visitor` route a movers' pass opens (the floor plans): every other one is 403 to a pass's session. */
  readonly moversPass?: true;
  /**
   * A POST whose answer holds a secret shown once (a wall link's token, kept only as its hash): it takes
   * no Idempotency-Key, so that no store keeps the answer to replay it.
   */
  readonly answersSecret?: true;
  readonly response: Reply<R>;
}

// biome-ignore lint/suspicious/noExplicitAny: the widest contract, for tables of routes
export type AnyRouteContract = RouteContract<string, any, any, any, Method, Access, any>;

/**
 * Declares a route; the literal path types the parameters, and a conditional POST keeps
 * `conditional: true` in its type (its handler's If-Match is then a string, as on PUT).
 */
export const defineRoute = <
  const P extends string,
  const M extends Method,
  const A extends Access,
  B extends BodySchema | undefined = undefined,
  Q extends BodySchema | undefined = undefined,
  R = unknown,
  U extends UploadSpec | undefined = undefined,
  const K extends boolean = false,
>(
  contract: RouteContract<P, B, Q, R, M, A, U> & { readonly conditional?: K },
): RouteContract<P, B, Q, R, M, A, U> & (K extends true ? { readonly conditional: true } : unknown) => contract as never;

/** The validated body a route's handler receives, inferred from its schema. */
export type BodyOf<C> = [NonNullable<UploadOf<C>>] extends [never]
  ? C extends { body?: infer B }
    ? B extends BodySchema
      ? InferType<B>
      : undefined
    : never
  : NonNullable<UploadOf<C>> extends { stream: true }
    ? StreamedUpload
    : UploadedFile;
type UploadOf<C> = C extends { upload?: infer U } ? U : undefined;
/** The validated query a route's handler receives. */
export type QueryOf<C> = C extends { query?: infer Q } ? (Q extends BodySchema ? InferType<Q> : undefined) : never;
/** What a route answers. */
export type ResponseOf<C> = C extends { response: Reply<infer R> } ? R : never;
/** Its path parameters. */
export type ParamsOf<C> = C extends { path: infer P extends string } ? PathParams<P> : never;

/** The path of a call under the API base (which ends in /api), with the parameters filled in and encoded. */
export function pathOf<C extends AnyRouteContract>(contract: C, params: ParamsOf<C>, query?: Record<string, string | undefined>): string {
  const filled = contract.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent((params as Record<string, string>)[name] ?? ''));
  const search = new URLSearchParams(Object.entries(query ?? {}).filter((entry): entry is [string, string] => entry[1] !== undefined && entry[1] !== ''));
  const qs = search.toString();
  return `/${filled}${qs ? `?${qs}` : ''}`;
}
