import * as yup from '../yup.ts';
import { messages } from '../messages.ts';
import { COUNTRY_ID } from './client.ts';

const required = messages.validation.required;

/** Create and edit location (spec part 1, section 5). Used by the form and again by the API. */
export const locationSchema = yup
  .object({
    name: yup.string().trim().max(200).required(required),
    countryId: yup
      .string()
      .trim()
      .max(2)
      .required(required)
      .matches(COUNTRY_ID, { message: messages.validation.pleaseSelect, excludeEmptyString: true })
      .meta({ rule: "a country of GET /v1/countries, else 400 'please select'" }),
    address: yup.string().trim().max(300).required(required),
    city: yup.string().trim().max(200).required(required),
    isOffice: yup.boolean().default(false),
    isStorage: yup.boolean().default(false),
    isProduction: yup.boolean().default(false),
  })
  .noUnknown(true, 'unknown field: ${unknown}')
  .strict(false);

export type LocationFormValues = yup.InferType<typeof locationSchema>;
