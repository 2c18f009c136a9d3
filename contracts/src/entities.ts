/** Entities as they travel between the API and the web app (spec part 1, section 3). */

export interface Audit {
  createdAt: string;
  createdBy: string;
  updatedAt: string;
  updatedBy: string;
}

export interface Country {
  id: string;
  name: string;
}

export interface LocationSummary {
  id: string;
  clientId: string;
  name: string;
  address: string;
  city: string;
  country: { id: string; name?: string };
  isOffice: boolean;
  isStorage: boolean;
  isProduction: boolean;
  services: { move: { id: string | null; isEnabled: boolean } };
}

export interface Client extends Partial<Audit> {
  id: string;
  name: string;
  orgNumber: string;
  active: boolean;
  country: Country;
  countOfLocations: number;
  countOfActiveLocations: number;
  /** Concurrency token; send it back as If-Match when updating. */
  etag?: string;
}

export interface ClientDetail extends Client {
  locations: LocationSummary[];
  brokerings: { id: string; name: string }[];
}

export interface ClientInput {
  name: string;
  orgNumber: string;
  active: boolean;
  countryId: string;
}

export type ExternalUserState = 'PendingAcceptance' | 'Accepted';

export interface User {
  id: string;
  displayName: string;
  mail: string;
  isExternal: boolean;
  externalUserState: ExternalUserState | null;
  client: { id: string } | null;
  roles: string[];
}
