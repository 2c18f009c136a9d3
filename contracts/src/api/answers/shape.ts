import type { JsonSchema } from '../contract.ts';

/*
 * A few builders of JSON Schema, so an answer's schema reads as its TypeScript type does. Objects are
 * closed (`additionalProperties: false`) and name their required fields, so the API tests fail on a
 * field an answer has and its schema does not, and on one the schema promises and the answer lacks.
 */

export const str: JsonSchema = { type: 'string' };
export const num: JsonSchema = { type: 'number' };
export const int: JsonSchema = { type: 'integer' };
export const bool: JsonSchema = { type: 'boolean' };

/** One of the given strings (a TypeScript union of literals). */
export const oneOf = (...values: string[]): JsonSchema => ({ type: 'string', enum: values });

/** `T | null`. */
export const nullable = (schema: JsonSchema): JsonSchema => ({ anyOf: [schema, { type: 'null' }] });

export const arrayOf = (items: JsonSchema): JsonSchema => ({ type: 'array', items });

/** An object of the given required fields and, second, the optional ones (`field?:` in the type). */
export function object(required: Record<string, JsonSchema>, optional: Record<string, JsonSchema> = {}): JsonSchema {
  const names = Object.keys(required);
  return {
    type: 'object',
    properties: { ...required, ...optional },
    ...(names.length ? { required: names } : {}),
    additionalProperties: false,
  };
}

/** The same object with more fields (`interface B extends A`). */
export function extend(base: JsonSchema, required: Record<string, JsonSchema>, optional: Record<string, JsonSchema> = {}): JsonSchema {
  const properties = base.properties as Record<string, JsonSchema>;
  const baseRequired = (base.required as string[] | undefined) ?? [];
  const all = [...baseRequired, ...Object.keys(required)];
  return { ...base, properties: { ...properties, ...required, ...optional }, ...(all.length ? { required: all } : {}) };
}

/** A map of names to values (`Record<string, T>`). */
export const recordOf = (values: JsonSchema): JsonSchema => ({ type: 'object', additionalProperties: values });

/** `Partial<Audit>`: who made and last changed a document, and when. */
export const auditFields: Record<string, JsonSchema> = { createdAt: str, createdBy: str, updatedAt: str, updatedBy: str };

/** The concurrency token a document carries in its body and as its ETag header. */
export const etagField: Record<string, JsonSchema> = { etag: str };

/** `ItemTranslations<K>`: per language code (optional), the named texts (each optional). */
export const translationsOf = (locales: readonly string[], fields: readonly string[]): JsonSchema =>
  object({}, Object.fromEntries(locales.map((code) => [code, object({}, Object.fromEntries(fields.map((f) => [f, str])))])));
