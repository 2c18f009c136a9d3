import { type AnySchema, type SchemaDescription, ValidationError } from './yup.ts';
import { messages } from './messages.ts';

declare module 'yup' {
  interface CustomSchemaMetadata {
    /** A text field that may hold several lines: newlines and tabs are allowed in it, other control characters nowhere. */
    multiline?: boolean;
    /** A secret (a password): never stored as it is, nor fingerprinted with a fast hash (the idempotency store leaves it out). */
    secret?: boolean;
    /** A query whose parameters other than its own are ignored (a cache-buster the caller names), not refused. */
    otherParameters?: 'ignored';
    /**
     * What the OpenAPI document says of a rule a test declares in code (a pattern, a list's members):
     * merged into the field's JSON Schema. The agreement test (functions' openapiAgreement) holds it to the test.
     */
    openapi?: Record<string, unknown>;
    /**
     * A rule the field's schema cannot say, as it depends on another field, the day or a stored record:
     * named in the document's description of the field, with the answer it gets.
     */
    rule?: string;
  }
}

export type FieldErrors = Record<string, string>;

/** The messages of the strict type pass: one per kind of value a field declares. */
export const typeMessages = {
  string: 'must be text',
  number: messages.validation.number,
  boolean: 'must be true or false',
  array: 'must be a list',
  object: 'must be an object',
  notNull: 'must not be null',
  control: 'must not contain control characters',
  unicode: 'must be well-formed Unicode text',
  wholeNumber: 'must be a whole number',
} as const;

/** Turns a yup ValidationError into field → first message. */
export function toFieldErrors(error: ValidationError): FieldErrors {
  const fields: FieldErrors = {};
  const inner = error.inner.length > 0 ? error.inner : [error];
  for (const item of inner) {
    const key = item.path || '_';
    if (!(key in fields)) fields[key] = item.message;
  }
  return fields;
}

// C0 and C1 control characters and DEL; tab, line feed and carriage return are allowed in multi-line fields.
const controlAnywhere = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
const controlOnOneLine = /[\u0000-\u001F\u007F-\u009F]/;
const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

type Described = SchemaDescription & { fields?: Record<string, Described>; innerType?: Described | Described[] };

const isPlainObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The strict type pass: checks what JSON carries against what each field declares, before yup casts
 * anything. A string field takes only a string (well-formed, without control characters; newlines and
 * tabs only where `.meta({ multiline: true })`), a number field only a finite number, a boolean only a
 * boolean, arrays and objects only where declared (no unknown fields), null only where nullable.
 * Absent fields are yup's (defaults, required). Other schema types are left to yup.
 */
export function typeErrors(description: SchemaDescription, value: unknown, path = '', errors: FieldErrors = {}): FieldErrors {
  const d = description as Described;
  const at = path || '_';
  if (value === undefined) return errors;
  if (value === null) {
    if (!d.nullable && ['string', 'number', 'boolean', 'array', 'object'].includes(d.type)) errors[at] = typeMessages.notNull;
    return errors;
  }
  switch (d.type) {
    case 'string':
      if (typeof value !== 'string') errors[at] = typeMessages.string;
      else if (loneSurrogate.test(value)) errors[at] = typeMessages.unicode;
      else if ((d.meta?.multiline ? controlAnywhere : controlOnOneLine).test(value)) errors[at] = typeMessages.control;
      break;
    case 'number':
      if (typeof value !== 'number' || !Number.isFinite(value)) errors[at] = typeMessages.number;
      break;
    case 'boolean':
      if (typeof value !== 'boolean') errors[at] = typeMessages.boolean;
      break;
    case 'array':
      if (!Array.isArray(value)) errors[at] = typeMessages.array;
      else if (d.innerType && !Array.isArray(d.innerType)) {
        for (const [i, item] of value.entries()) typeErrors(d.innerType, item, `${path}[${i}]`, errors);
      }
      break;
    case 'object':
      if (!isPlainObject(value)) errors[at] = typeMessages.object;
      else if (d.fields) {
        // Own keys only: '__proto__' or 'constructor' in a body must not find Object.prototype's
        // (yup itself fails on them), so unknown fields are refused here, as `noUnknown` words it.
        const unknown = Object.keys(value).filter((key) => !Object.hasOwn(d.fields!, key));
        if (unknown.length > 0) errors[at] = `unknown field: ${unknown.join(', ')}`;
        for (const key of Object.keys(value)) {
          if (Object.hasOwn(d.fields, key)) typeErrors(d.fields[key], value[key], path ? `${path}.${key}` : key, errors);
        }
      }
      break;
  }
  return errors;
}

const descriptions = new WeakMap<AnySchema, SchemaDescription>();
const describe = (schema: AnySchema) => {
  let d = descriptions.get(schema);
  if (!d) {
    d = schema.describe() as SchemaDescription;
    descriptions.set(schema, d);
  }
  return d;
};

/** Whether a yup error path is, or lies inside, a field the type pass has already refused. */
const within = (path: string, refused: FieldErrors) => Object.keys(refused).some((p) => path === p || path.startsWith(`${p}.`) || path.startsWith(`${p}[`));

export type Validated<T> = { ok: true; value: T } | { ok: false; fields: FieldErrors };

/**
 * Validates and casts; never throws for invalid input. The strict type pass runs first, so what is
 * cast is only what the schema declares (a form may cast its text fields with `schema.cast` before
 * sending; the server never converts types). Its errors come first, then yup's for the other fields.
 */
export async function validate<T>(schema: AnySchema<T>, input: unknown): Promise<Validated<T>> {
  const refused = typeErrors(describe(schema), input);
  // The whole value is of another type: nothing for yup to add.
  if ((Object.values(typeMessages) as string[]).includes(refused._)) return { ok: false, fields: refused };
  try {
    const value = (await schema.validate(input, { abortEarly: false, stripUnknown: false })) as T;
    return Object.keys(refused).length > 0 ? { ok: false, fields: refused } : { ok: true, value };
  } catch (error) {
    const fields: FieldErrors = { ...refused };
    if (error instanceof ValidationError) {
      for (const [path, message] of Object.entries(toFieldErrors(error))) if (!within(path, refused) && !(path in fields)) fields[path] = message;
    } else if (Object.keys(fields).length === 0) fields._ = 'invalid input';
    return { ok: false, fields };
  }
}
