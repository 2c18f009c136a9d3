import { arrayOf, auditFields, bool, etagField, extend, int, nullable, object, str } from './shape.ts';

/** The answers of the clients and locations routes, beside their types in `entities.ts`. */

export const countrySchema = object({ id: str, name: str });

export const locationSummarySchema = object(
  {
    id: str,
    clientId: str,
    name: str,
    address: str,
    city: str,
    country: object({ id: str }, { name: str }),
    isOffice: bool,
    isStorage: bool,
    isProduction: bool,
    services: object({ move: object({ id: nullable(str), isEnabled: bool }) }),
  },
  auditFields,
);

export const locationAnswerSchema = extend(locationSummarySchema, { client: object({ id: str, name: str }) }, etagField);

export const locationListItemSchema = extend(locationSummarySchema, { client: object({ id: str, name: str, country: countrySchema }) });

export const clientAnswerSchema = object(
  { id: str, name: str, orgNumber: str, active: bool, country: countrySchema, countOfLocations: int, countOfActiveLocations: int },
  { ...auditFields, ...etagField },
);

export const clientDetailSchema = extend(clientAnswerSchema, {
  locations: arrayOf(locationSummarySchema),
  brokerings: arrayOf(object({ id: str, name: str })),
});
