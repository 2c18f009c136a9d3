import { ValidationError, type AnySchema } from 'yup';

export type FieldErrors = Record<string, string>;

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

export type Validated<T> = { ok: true; value: T } | { ok: false; fields: FieldErrors };

/** Validates and casts; never throws for invalid input. */
export async function validate<T>(schema: AnySchema<T>, input: unknown): Promise<Validated<T>> {
  try {
    const value = (await schema.validate(input, { abortEarly: false, stripUnknown: false })) as T;
    return { ok: true, value };
  } catch (error) {
    if (error instanceof ValidationError) return { ok: false, fields: toFieldErrors(error) };
    return { ok: false, fields: { _: 'invalid input' } };
  }
}
