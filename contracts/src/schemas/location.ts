import * as yup from '../yup.ts';
import { messages } from '../messages.ts';
import { countryIdField } from './client.ts';

const required = messages.validation.required;

/** Create and edit location (spec part 1, section 5). Used by the form and again by the API. */
export const locationSchema = yup
  .object({
    name: yup.string().trim().max(200).required(required),
    countryId: countryIdField(),
    address: yup.string().trim().max(300).required(required),
    city: yup.string().trim().max(200).required(required),
    isOffice: yup.boolean().default(false),
    isStorage: yup.boolean().default(false),
    isProduction: yup.boolean().default(false),
  })
  .noUnknown(true, 'unknown field: ${unknown}')
  .strict(false);

export type LocationFormValues = yup.InferType<typeof locationSchema>;
