import type { SchemaDescription, SchemaInnerTypeDescription, SchemaObjectDescription } from '../yup.ts';
import { EMAIL_ADDRESS, PHONE_NUMBER } from '../contactRules.ts';
import { fileProblems } from '../fileTypes.ts';
import { type AnyRouteContract, type BodySchema, IDEMPOTENCY_KEY_SHAPE, type IdShape } from './contract.ts';

type JsonSchema = Record<string, unknown>;
type Described = SchemaDescription | SchemaObjectDescription | SchemaInnerTypeDescription;

const testParam = (d: Described, name: string, key: string): unknown => d.tests.find((t) => t.name === name)?.params?.[key];
const has = (d: Described, name: string) => d.tests.some((t) => t.name === name);

// The strict type pass's rule (validation.ts): no C0 or C1 control character, nor DEL; a multi-line field takes tab, LF and CR.
const noControl = '^[^\\u0000-\\u001F\\u007F-\\u009F]*$';
const noControlButLines = '^[^\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\u007F-\\u009F]*$';
// A day (dates.ts): a real calendar day of the years 1900 to 2200.
const dayPattern = '^(?:19\\d\\d|2[01]\\d\\d|2200)-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\\d|3[01])$';

// biome-ignore lint/suspicious/noExplicitAny: any yup schema, probed with a value
type Probed = { isValidSync(value: unknown): boolean; fields?: Record<string, any>; innerType?: any } | undefined;
/** Whether the schema takes a value (undefined where a test cannot say so synchronously). */
function takes(schema: Probed, value: unknown): boolean | undefined {
  try {
    return schema?.isValidSync(value);
  } catch {
    return undefined;
  }
}

/**
 * JSON Schema (2020-12, as OpenAPI 3.1 uses it) of a yup schema's description: types, limits, required
 * fields, patterns. Given the schema itself too, it asks it what a description does not show: whether
 * `''` and a blank `' '` are taken (a required field, a trimmed one, a pattern that lets empty through).
 */
export function jsonSchemaOf(d: Described, schema?: Probed): JsonSchema {
  const out: JsonSchema = {};
  const patterns: string[] = [];
  if (d.type === 'object' && 'fields' in d) {
    const properties: Record<string, JsonSchema> = {};
    const required: string[] = [];
    for (const [name, field] of Object.entries(d.fields)) {
      properties[name] = jsonSchemaOf(field as Described, schema?.fields?.[name]);
      if (!(field as Described).optional) required.push(name);
    }
    Object.assign(out, { type: 'object', properties, additionalProperties: false }, required.length ? { required } : {});
  } else if (d.type === 'array') {
    out.type = 'array';
    if ('innerType' in d && d.innerType && !Array.isArray(d.innerType)) out.items = jsonSchemaOf(d.innerType as Described, schema?.innerType);
    const min = testParam(d, 'min', 'min');
    const max = testParam(d, 'max', 'max');
    if (typeof min === 'number') out.minItems = min;
    if (typeof max === 'number') out.maxItems = max;
  } else if (d.type === 'string' || d.type === 'number' || d.type === 'boolean') {
    out.type = d.type;
    const min = testParam(d, 'min', 'min');
    const max = testParam(d, 'max', 'max');
    if (d.type === 'string') {
      const emptyTaken = takes(schema, '');
      // Taken blank: the API trims it (or a transform makes it absent), so whitespace alone is empty.
      const empty = takes(schema, ' ') ? '^\\s*$' : '^$';
      const orEmpty = (source: string) => (emptyTaken && !new RegExp(source).test('') ? `${empty}|${source}` : source);
      if (typeof min === 'number' || emptyTaken === false) out.minLength = Math.max(typeof min === 'number' ? min : 0, emptyTaken === false ? 1 : 0);
      if (typeof max === 'number') out.maxLength = max;
      // Refused when blank: required and trimmed, so spaces alone are 'field is required'.
      if (emptyTaken === false && has(d, 'trim') && takes(schema, ' ') === false) patterns.push('\\S');
      // `excludeEmptyString`: the pattern lets an empty value through.
      for (const t of d.tests.filter((t) => t.name === 'matches')) patterns.push(orEmpty((t.params as { regex: RegExp }).regex.source));
      if (has(d, 'email')) {
        // The API's own rule (contactRules.ts), stricter than `format: email` (which takes '0@com').
        patterns.push(orEmpty(EMAIL_ADDRESS.source));
        if (!emptyTaken) out.format = 'email';
      }
      if (has(d, 'phone')) patterns.push(orEmpty(PHONE_NUMBER.source));
      if (has(d, 'day')) {
        patterns.push(orEmpty(dayPattern));
        out.description = dayDescription;
        // An empty day is taken as none: the calendar's check is then for a day that is given.
        if (!emptyTaken) out.format = 'date';
        else out.anyOf = [{ pattern: empty }, { format: 'date' }];
      }
      patterns.push(d.meta?.multiline ? noControlButLines : noControl);
      // A password is sent, never answered.
      if ((d as { meta?: { secret?: boolean } }).meta?.secret) Object.assign(out, { format: 'password', writeOnly: true });
    } else if (d.type === 'number') {
      if (typeof min === 'number') out.minimum = min;
      if (typeof max === 'number') out.maximum = max;
      if (has(d, 'integer')) out.type = 'integer';
    }
  } else if (has(d, 'day')) {
    // Day fields of another yup type (mixed): a day as text.
    Object.assign(out, { type: 'string', description: dayDescription });
    patterns.push(dayPattern);
  }
  if (patterns.length > 0) out.pattern = patterns[0];
  if (patterns.length > 1) out.allOf = patterns.slice(1).map((pattern) => ({ pattern }));
  if (d.oneOf.length > 0) out.enum = d.oneOf.filter((v) => v !== undefined).concat(d.nullable && !d.oneOf.includes(null) ? [null] : []);
  if (d.nullable && typeof out.type === 'string') out.type = [out.type, 'null'];
  const meta = d.meta as { openapi?: JsonSchema; rule?: string } | undefined;
  // Said beside a test: its allOf joins the patterns' rather than replacing them.
  if (meta?.openapi) {
    const allOf = [...((out.allOf as unknown[]) ?? []), ...((meta.openapi.allOf as unknown[]) ?? [])];
    Object.assign(out, meta.openapi, allOf.length ? { allOf } : {});
  }
  if (meta?.rule) out.description = [out.description, meta.rule].filter(Boolean).join('; ');
  return out;
}

// What the API takes beyond the schema is said, not allowed: a client that follows the schema is never refused.
const dayDescription =
  'a day, YYYY-MM-DD, of the years 1900 to 2200 (the API also takes a timestamp at midnight UTC, as 2026-03-01T00:00:00Z, which this schema leaves out: send the day)';

/**
 * The headers a JSON answer carries: its document's ETag when the answer has an `etag` field (the
 * pipeline's `withEtag` copies it into the header), and on a create, `Idempotent-Replayed` when an
 * `Idempotency-Key` seen before made the API answer what it answered then.
 */
function answerHeaders(route: AnyRouteContract) {
  const properties = (route.response.schema?.properties ?? {}) as Record<string, unknown>;
  const headers: Record<string, unknown> = {};
  // Required where the answer always has its etag (an answer that may lack one, as a user without a profile, may lack the header).
  if ('etag' in properties) {
    const always = ((route.response.schema?.required ?? []) as string[]).includes('etag');
    headers.ETag = {
      description: "the document's concurrency token; send it back as If-Match",
      ...(always ? { required: true } : {}),
      schema: { type: 'string' },
    };
  }
  if (route.method === 'POST' && route.status === 201) {
    headers['Idempotent-Replayed'] = {
      description: 'present (`true`) when the Idempotency-Key was seen before and this is the first answer again',
      schema: { type: 'string', enum: ['true'] },
    };
  }
  return Object.keys(headers).length ? { headers } : {};
}

const describe = (schema: BodySchema) => schema.describe() as SchemaObjectDescription;

const errorResponse = (description: string) => ({ description, content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } });
const tooMany = (description: string) => ({
  ...errorResponse(description),
  headers: { 'Retry-After': { description: 'seconds to wait before trying again', required: true, schema: { type: 'string', pattern: '^[0-9]+$' } } },
});

/** A file answer: its version (ETag) and how to take it (Content-Disposition: inline, or an attachment with its name). */
function fileHeaders(_route: AnyRouteContract) {
  return {
    headers: {
      'Content-Disposition': { description: 'inline, or attachment with the file name (RFC 6266)', schema: { type: 'string' } },
      ETag: { description: "the file's version", schema: { type: 'string' } },
    },
  };
}

/** Updates, deletes and the POSTs that change what exists (`conditional`) need the ETag the caller read. */
const needsIfMatch = (route: AnyRouteContract) => route.method === 'PUT' || route.method === 'PATCH' || route.method === 'DELETE' || route.conditional === true;

/** One rule on every route that takes it (functions' platform/http/ifMatch.ts). */
const ifMatchParameter = {
  name: 'If-Match',
  in: 'header',
  required: true,
  description:
    "the ETag read (a GET's ETag header, or the `etag` of an answer); without one, 428. `*` matches whatever version is current (RFC 9110): the change is made while the record exists (404 when it is gone). Any other ETag must still be the record's: a stale one is 412 and nothing changes",
  schema: { type: 'string', minLength: 1 },
};

/** A route that answers 428 only in some cases (a restore of a record that exists) takes If-Match without requiring it. */
const ifMatchWhenItExists = (route: AnyRouteContract) => !needsIfMatch(route) && route.errors?.[428] !== undefined;
const optionalIfMatchParameter = {
  ...ifMatchParameter,
  required: false,
  description: `needed where the route says it answers 428; ${ifMatchParameter.description}`,
};

/**
 * Where the pipeline runs a create once per key (functions' platform/http/route.ts): any POST but an
 * upload, by a signed-in user or a move's visitor (never a sign-in, whose answer is a session token, nor
 * a route whose answer holds another secret shown once).
 */
const takesIdempotencyKey = (route: AnyRouteContract) =>
  route.method === 'POST' && !route.upload && !route.answersSecret && route.access !== 'public' && route.access !== 'visitorEntry';
const idempotencyKeyParameter = {
  name: 'Idempotency-Key',
  in: 'header',
  required: false,
  description:
    "a key of the caller's choosing for this create: sent again with the same body within 24 hours, the first answer is repeated (Idempotent-Replayed: true) and nothing is created again; with another body 422; while the first is still running 409; a key of another shape 400",
  schema: { type: 'string', pattern: IDEMPOTENCY_KEY_SHAPE.source },
};

/** The rules of a schema's fields that a schema cannot say (`meta.rule`), each named by its field. */
function rulesOf(d: Described, path: string): string[] {
  const own = (d.meta as { rule?: string } | undefined)?.rule;
  const here = own && path ? [`\`${path}\`: ${own}`] : [];
  if ('fields' in d && d.fields) return [...here, ...Object.entries(d.fields).flatMap(([name, f]) => rulesOf(f as Described, path ? `${path}.${name}` : name))];
  if ('innerType' in d && d.innerType && !Array.isArray(d.innerType)) return [...here, ...rulesOf(d.innerType as Described, `${path}[]`)];
  return here;
}

/**
 * The operation's description: the rules no schema can say (another field, the day, a stored record, the
 * caller), each with the answer it gets, so a client generated from the document knows them.
 */
function rulesDescription(route: AnyRouteContract): { description?: string } {
  const rules = [route.query, route.body, route.upload?.fields].flatMap((schema) => (schema ? rulesOf(describe(schema), '') : []));
  const said = rules.length ? [`Checked by the API beyond the schemas:\n\n${rules.map((r) => `- ${r}`).join('\n')}`] : [];
  // The exception to the document's rule for query parameters (info.description): a cache-buster of the caller's own.
  if (route.query && (describe(route.query).meta as { otherParameters?: string } | undefined)?.otherParameters === 'ignored')
    said.push('Other query parameters are ignored (a cache-buster of the caller’s own may be added).');
  return said.length ? { description: said.join('\n\n') } : {};
}

function operation(route: AnyRouteContract) {
  const parameters: JsonSchema[] = Object.entries(route.params as Record<string, IdShape>).map(([name, shape]) => ({
    name,
    in: 'path',
    required: true,
    schema: { type: 'string', pattern: shape.pattern.source, ...(shape.values ? { enum: shape.values } : {}) },
  }));
  if (needsIfMatch(route)) parameters.push(ifMatchParameter);
  if (ifMatchWhenItExists(route)) parameters.push(optionalIfMatchParameter);
  if (takesIdempotencyKey(route)) parameters.push(idempotencyKeyParameter);
  for (const [name, header] of Object.entries(route.requestHeaders ?? {})) {
    parameters.push({ name, in: 'header', required: header.required === true, description: header.description, schema: { type: 'string', minLength: 1 } });
  }
  if (route.query) {
    for (const [name, field] of Object.entries(describe(route.query).fields)) {
      parameters.push({ name, in: 'query', required: !(field as Described).optional, schema: jsonSchemaOf(field as Described, route.query.fields[name]) });
    }
  }
  const status = String(route.status ?? (route.response.kind === 'none' ? 204 : 200));
  const success =
    route.response.kind === 'none'
      ? { description: route.response.description }
      : route.response.kind === 'file'
        ? {
            description: route.response.description,
            ...fileHeaders(route),
            content: Object.fromEntries(
              (route.response.contentTypes ?? ['application/octet-stream']).map((type: string) => [
                type,
                { schema: { type: 'string', contentMediaType: type } },
              ]),
            ),
          }
        : {
            description: route.response.description,
            ...answerHeaders(route),
            content: { [route.response.contentTypes?.[0] ?? 'application/json']: { schema: route.response.schema ?? {} } },
          };
  const responses: Record<string, unknown> = { [status]: success };
  if (route.empty) responses['204'] = { description: route.empty };
  // A file read again with the version the caller holds (If-None-Match): 304, no body.
  if (route.cached) {
    responses['304'] = { description: 'not modified: the caller holds this version (If-None-Match)' };
  }
  responses['400'] = errorResponse(
    route.body
      ? 'invalid input, or a record the body names that does not exist; `fields` names each such field'
      : route.upload?.saysProblems
        ? 'invalid input; `fields` names each invalid field; an empty file: `file` names it (problem `empty`)'
        : 'invalid input; `fields` names each invalid field',
  );
  if (route.access === 'visitor') responses['401'] = errorResponse('the move is protected: no valid visitor session');
  if (route.access === 'visitor' && !route.moversPass) responses['403'] = errorResponse("a movers' pass session opens only the floor plans");
  if (route.access === 'visitorEntry' || route.access === 'visitor') responses['429'] = tooMany('too many attempts: wait (Retry-After)');
  if (route.access !== 'public' && route.access !== 'visitor' && route.access !== 'visitorEntry') {
    responses['401'] = errorResponse('no valid token');
    responses['403'] = errorResponse('the caller may not do this');
  }
  if (Object.keys(route.params).length > 0 || route.access === 'visitor' || route.access === 'visitorEntry') {
    responses['404'] = errorResponse('not found, or an id of a shape the API never issues');
  }
  if (takesIdempotencyKey(route)) {
    responses['409'] = errorResponse('a request with this Idempotency-Key is still being processed');
    responses['422'] = errorResponse('this Idempotency-Key was used with a different request');
  }
  if (needsIfMatch(route)) {
    responses['412'] = errorResponse('the If-Match ETag is stale: the data was changed');
    responses['428'] = errorResponse('If-Match is required');
  }
  if (route.upload) responses['413'] = errorResponse('the file is larger than the route takes');
  else if (route.body) responses['413'] = errorResponse('the body is larger than the route takes');
  if (route.upload?.saysProblems)
    responses['415'] = errorResponse(
      'the body is not multipart/form-data, or a file is not of a type its part takes (judged by its bytes) or cannot be read: `file` says which and what is wrong with it, and `message` says it of this file',
    );
  else if (route.body || route.upload) responses['415'] = errorResponse('the body is not of the media type the route takes');
  // Any route: a secret it needs that is missing or unresolved (requireSecret in functions' platform/config), or the platform itself.
  responses['503'] = errorResponse('unavailable: a setting the route needs is not configured, or the service is down');
  // The route's own: its conflicts, a service it relies on.
  for (const [code, description] of Object.entries(route.errors ?? {}) as [string, string][]) {
    const derived = (responses[code] as { description?: string } | undefined)?.description;
    const both = derived ? `${description}; or ${derived}` : description;
    responses[code] = code === '429' ? tooMany(both) : errorResponse(both);
  }
  return {
    operationId: route.name,
    summary: route.summary,
    ...rulesDescription(route),
    'x-access': route.access,
    ...(route.access === 'public' || route.access === 'visitorEntry'
      ? { security: [] }
      : route.access === 'visitor'
        ? { security: [{ visitorSession: [] }] }
        : {}),
    ...(parameters.length ? { parameters } : {}),
    ...(route.body ? { requestBody: { required: true, content: { 'application/json': { schema: jsonSchemaOf(describe(route.body), route.body) } } } } : {}),
    ...(route.upload ? { requestBody: uploadBody(route) } : {}),
    responses,
  };
}

const megabytes = (bytes: number) => `${Number((bytes / 1024 / 1024).toFixed(1))} MB`;

/**
 * An upload's body: multipart/form-data with the file in its part (bytes; the types it takes are judged
 * by content, never by the part's declared type) and the form's text fields where the route reads any.
 */
function uploadBody(route: AnyRouteContract) {
  const upload = route.upload!;
  const fields = upload.fields ? jsonSchemaOf(describe(upload.fields), upload.fields) : undefined;
  const types = upload.types?.length ? upload.types.join(', ') : 'any type';
  return {
    required: true,
    description: `multipart/form-data: the file in the part \`${upload.field}\` (at most ${megabytes(upload.maxBytes)}, else 413; ${types}, judged by its bytes, else 415)${fields ? ', and the text fields beside it' : ''}`,
    content: {
      'multipart/form-data': {
        schema: {
          type: 'object',
          required: [upload.field, ...((fields?.required as string[] | undefined) ?? [])],
          properties: {
            [upload.field]: {
              type: 'string',
              format: 'binary',
              contentMediaType: 'application/octet-stream',
              description: `the file: ${types}, at most ${upload.maxBytes} bytes`,
            },
            ...(upload.attachment
              ? {
                  [upload.attachment.field]: {
                    type: 'string',
                    format: 'binary',
                    contentMediaType: 'application/octet-stream',
                    description: `optional: ${upload.attachment.description}; ${upload.attachment.types.join(', ')} judged by its bytes (else 415), at most ${upload.attachment.maxBytes} bytes (else 413)`,
                  },
                }
              : {}),
            ...((fields?.properties as Record<string, unknown> | undefined) ?? {}),
          },
        },
        ...(upload.types?.length || upload.attachment
          ? {
              encoding: {
                ...(upload.types?.length ? { [upload.field]: { contentType: upload.types.join(', ') } } : {}),
                ...(upload.attachment ? { [upload.attachment.field]: { contentType: upload.attachment.types.join(', ') } } : {}),
              },
            }
          : {}),
      },
    },
  };
}

/** 64 bits of FNV-1a over the text (two 32-bit lanes), in hex: the same text, the same digest, with nothing to import. */
function digest(text: string): string {
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ 0x5bd1e995;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193) >>> 0;
    b = Math.imul(b ^ c ^ (a >>> 7), 0x01000193) >>> 0;
  }
  return a.toString(16).padStart(8, '0') + b.toString(16).padStart(8, '0');
}

/**
 * The OpenAPI 3.1 document of the given routes. Holds no settings, hosts or secrets: only the contract.
 * `info.version` is the given version and a digest of every operation and schema
 * (`1.<16 hex digits>`), so any change to what an operation takes or answers changes the version an
 * integrator compares, and nobody has to remember to bump it.
 */
export function openApiDocument(routes: AnyRouteContract[], info: { title: string; version: string }) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    const key = `/${route.path}`;
    paths[key] ??= {};
    paths[key][route.method.toLowerCase()] = operation(route);
  }
  const components = {
    securitySchemes: {
      bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
      visitorSession: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'a visitor session of the move (POST /v1/visit/{path}/session)' },
    },
    schemas: {
      Error: {
        type: 'object',
        required: ['error'],
        properties: {
          error: {
            type: 'object',
            required: ['code', 'message'],
            properties: {
              code: { type: 'string' },
              message: { type: 'string' },
              fields: { type: 'object', additionalProperties: { type: 'string' } },
              file: {
                type: 'object',
                description:
                  "An upload's refused file (its 400 or 415): the part, the file's name as sent, and what is wrong with it: its type is not one the part takes (`type`), it is empty, its name says a PDF or an image its bytes are not (`notPdf`, `notImage`), it begins as one but cannot be read (`damagedPdf`, `damagedImage`), or it is a PDF protected by a password; `message` says it of this file",
                required: ['field', 'name', 'problem'],
                properties: { field: { type: 'string' }, name: { type: 'string' }, problem: { type: 'string', enum: [...fileProblems] } },
              },
            },
          },
        },
      },
    },
  };
  const description =
    "Every path is under the API base, which ends in /api. Send the MSAL access token as a bearer token. A text's length (maxLength, minLength) is counted in characters (Unicode code points), as JSON Schema counts it: an emoji such as 😀 counts as one. Surrounding whitespace of a trimmed field is removed before its length and pattern are checked. A rule a schema cannot say (another field, the day, a stored record) is in the field's or the operation's description, with the status it gets. An operation that declares query parameters takes those only: any other is 400 ('unknown field: …'), unless its description says others are ignored; an operation that declares none ignores the query.";
  return {
    openapi: '3.1.0',
    info: {
      ...info,
      // The rules the description states (how a length is counted) are the API's too: a change to them is another version.
      version: `${info.version}.${digest(JSON.stringify({ paths, components, description }))}`,
      description,
    },
    servers: [{ url: '/api' }],
    security: [{ bearer: [] }],
    paths,
    components,
  };
}
