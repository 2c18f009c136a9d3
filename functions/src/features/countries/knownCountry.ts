import { messages } from '@movers/contracts';
import { badRequest } from '../../platform/http/errors.ts';
import { countryById } from './countries.data.ts';

/** A body's countryId must name a country the portal has: 400 with the field's message otherwise. */
export async function withKnownCountry<T extends { countryId: string }>(input: T): Promise<T> {
  if (!(await countryById(input.countryId))) throw badRequest('validation failed', { countryId: messages.validation.pleaseSelect });
  return input;
}
