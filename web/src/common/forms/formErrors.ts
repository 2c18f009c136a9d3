import { validate } from '@movers/contracts';
import type { AnySchema } from 'yup';

/** Errors by form field: 'teamMembers[0].id' belongs to the field 'teamMembers'; the first message wins. */
export function byFormField(fields: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [path, message] of Object.entries(fields)) out[path.split(/[.[]/)[0]!] ??= message;
  return out;
}

/** What a form would send, checked with its contracts schema as the API checks it; errors by form field. */
export async function formErrors(schema: AnySchema, input: unknown): Promise<Record<string, string>> {
  const result = await validate(schema, input);
  return result.ok ? {} : byFormField(result.fields);
}
