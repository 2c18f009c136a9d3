import * as yup from '../yup.ts';
import { idField } from '../api/idField.ts';
import { messages } from '../messages.ts';
import { emailAddress } from '../contactRules.ts';

const required = messages.validation.required;

/** Invite an external user (spec part 1, section 5: name required; email required and valid; client required). */
export const inviteUserSchema = yup
  .object({
    name: yup.string().trim().max(200).required(required),
    email: yup.string().trim().max(254).test(emailAddress(messages.validation.email)).required(required),
    clientId: idField().required(required),
  })
  .noUnknown(true, 'unknown field: ${unknown}')
  .strict(false);

/** Assign an External user to a client: only the client changes. */
export const updateUserSchema = yup
  .object({
    clientId: idField().required(required),
  })
  .noUnknown(true, 'unknown field: ${unknown}')
  .strict(false);

export type InviteUserValues = yup.InferType<typeof inviteUserSchema>;
export type UpdateUserValues = yup.InferType<typeof updateUserSchema>;
