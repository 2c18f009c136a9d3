import type { ClientFormValues } from './schemas/client.ts';
import type { LeaseFormValues } from './schemas/lease.ts';
import type { LocationFormValues } from './schemas/location.ts';

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

/** Its audit fields travel with it (the API answers the stored document's). */
export interface LocationSummary extends Partial<Audit> {
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

/** A location with its audit fields, its country's name and its client (GET one location). */
export interface Location extends LocationSummary, Partial<Audit> {
  client: { id: string; name: string };
  /** Concurrency token; send it back as If-Match when updating. */
  etag?: string;
}

/** A row of the locations list (GET /v1/locations): the location with its client's name and country. */
export interface LocationListItem extends LocationSummary {
  client: { id: string; name: string; country: Country };
}

/** A location's body: its schema's type (`schemas/location.ts`), so a field is declared once. */
export type LocationInput = LocationFormValues;

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

/** A client's body: its schema's type (`schemas/client.ts`), so a field is declared once. */
export type ClientInput = ClientFormValues;

export type ExternalUserState = 'PendingAcceptance' | 'Accepted';

export interface User {
  id: string;
  displayName: string;
  mail: string;
  isExternal: boolean;
  externalUserState: ExternalUserState | null;
  client: { id: string } | null;
  roles: string[];
  /** Concurrency token of the portal's profile (`"none"` while the user has none); send it back as If-Match. */
  etag?: string;
}

/** A person of the directory as the user pickers need it (GET /v1/users: internal users). */
export interface DirectoryPerson {
  id: string;
  displayName: string;
  mail: string;
}

/** A row of the external users list (spec part 1, section 3: "External user entry"). */
export interface ExternalUserEntry {
  user: { id: string; displayName: string; mail: string; externalUserState: ExternalUserState | null };
  client: { id: string; name: string; country: Country } | null;
}

export interface InviteUserInput {
  email: string;
  clientId: string;
  name: string;
}

/** The answer to an invitation: the new directory user and where they redeem it. */
export interface Invitation {
  user: User;
  inviteRedeemUrl: string;
  status: string;
}

/**
 * A lease (spec part 1, section 3): its schema's type (`schemas/lease.ts`), so a field is declared once.
 * Day-only dates are ISO timestamps at 00:00:00.000Z, or null; `sharedCost` is labelled 'joint cost'.
 */
export type LeaseInput = LeaseFormValues;

export interface Lease extends LeaseInput, Partial<Audit> {
  id: string;
  clientId: string;
  remindersCount: number;
  etag?: string;
}

export interface ReminderInput {
  title: string;
  description: string;
  dueDate: string;
  done?: boolean;
  doneComment?: string;
}

/** A lease reminder with its derived flags (spec part 1, sections 3 and 4). */
export interface Reminder extends Partial<Audit> {
  id: string;
  leaseId: string;
  clientId: string;
  title: string;
  description: string;
  dueDate: string;
  done: boolean;
  doneComment: string;
  sentAt: string | null;
  unsent: boolean;
  upcoming: boolean;
  etag?: string;
}

/** A reminder in a client's list carries its lease. */
export interface ClientReminder extends Reminder {
  lease: { id: string; title: string };
}
