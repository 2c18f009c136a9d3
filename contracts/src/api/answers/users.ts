import { arrayOf, bool, etagField, nullable, object, oneOf, str } from './shape.ts';
import { countrySchema } from './clients.ts';

/** The answers of the users routes, beside their types in `entities.ts`. */

const externalUserState = nullable(oneOf('PendingAcceptance', 'Accepted'));

export const userAnswerSchema = object(
  { id: str, displayName: str, mail: str, isExternal: bool, externalUserState, client: nullable(object({ id: str })), roles: arrayOf(str) },
  etagField,
);

export const directoryPersonSchema = object({ id: str, displayName: str, mail: str });

export const externalUserEntrySchema = object({
  user: object({ id: str, displayName: str, mail: str, externalUserState }),
  client: nullable(object({ id: str, name: str, country: countrySchema })),
});

export const invitationSchema = object({ user: userAnswerSchema, inviteRedeemUrl: str, status: str });
