import type { AnyObject, ObjectSchema } from 'yup';

// biome-ignore lint/suspicious/noExplicitAny: a yup object schema of any shape
type AnyObjectSchema = ObjectSchema<any, AnyObject, any, any>;

/**
 * A form's values as its contracts schema casts them (trimmed text, days at 00:00Z, '' as null), with
 * only the fields the form has: a schema's default for a field the form does not show is never sent.
 * A contracts schema is the API's too, and its defaults are what a new record gets; sent with an edit,
 * such a default would replace what is stored (a timeline section's title edit once sent `events: []`
 * and the section's events were gone). Every form casts through this, never with `schema.cast`.
 */
export function castValues<V extends object>(schema: AnyObjectSchema, values: V, options: { assert?: boolean } = {}): V {
  const cast = schema.cast(values, { assert: options.assert ?? true }) as Record<string, unknown>;
  return Object.fromEntries(
    Object.keys(values)
      .filter((key) => key in cast)
      .map((key) => [key, cast[key]]),
  ) as V;
}

/**
 * What an edit changes: the fields whose cast value differs from the cast stored one (compared as
 * JSON), for a PATCH that must carry only what the user changed. The stored values are cast as they
 * are (an empty new form's are not valid values).
 */
export function changedValues<V extends object>(schema: AnyObjectSchema, initial: V, values: V): Partial<V> {
  const before = castValues(schema, initial, { assert: false }) as Record<string, unknown>;
  const after = castValues(schema, values) as Record<string, unknown>;
  return Object.fromEntries(Object.entries(after).filter(([key, value]) => JSON.stringify(value) !== JSON.stringify(before[key]))) as Partial<V>;
}
