import * as yup from 'yup';
import { messages } from '../messages.ts';

const required = messages.validation.required;

/** Add and edit client (spec part 1, section 5). Used by the form and again by the API. */
export const clientSchema = yup
  .object({
    name: yup.string().trim().max(200).required(required),
    orgNumber: yup.string().trim().max(50).required(required),
    active: yup.boolean().default(false),
    countryId: yup.string().trim().max(2).required(required),
  })
  .noUnknown(true, 'unknown field: ${unknown}')
  .strict(false);

export type ClientFormValues = yup.InferType<typeof clientSchema>;
