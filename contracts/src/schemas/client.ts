import * as yup from '../yup.ts';
import { messages } from '../messages.ts';

const required = messages.validation.required;

/** A country's id: its ISO 3166-1 alpha-2 code, as the countries list gives it ('please select' for another, as for an unknown one). */
export const COUNTRY_ID = /^[A-Z]{2}$/;

/** The country field of a client and of a location: required, one of the countries list. */
export const countryIdField = () =>
  yup
    .string()
    .trim()
    .max(2)
    .required(required)
    .matches(COUNTRY_ID, { message: messages.validation.pleaseSelect, excludeEmptyString: true })
    .meta({ rule: "a country of GET /v1/countries, else 400 'please select'" });

/** Add and edit client (spec part 1, section 5). Used by the form and again by the API. */
export const clientSchema = yup
  .object({
    name: yup.string().trim().max(200).required(required),
    orgNumber: yup.string().trim().max(50).required(required),
    active: yup.boolean().default(false),
    countryId: countryIdField(),
  })
  .noUnknown(true, 'unknown field: ${unknown}')
  .strict(false);

export type ClientFormValues = yup.InferType<typeof clientSchema>;
