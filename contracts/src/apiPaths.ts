/** API paths under the API base (which ends in /api). One function per call of the spec. */
const enc = encodeURIComponent;

export const apiPaths = {
  countries: () => '/v1/countries',
  clients: () => '/v1/clients',
  client: (clientId: string) => `/v1/clients/${enc(clientId)}`,
  clientLocations: (clientId: string) => `/v1/clients/${enc(clientId)}/locations`,
  clientLocation: (clientId: string, locationId: string) => `/v1/clients/${enc(clientId)}/locations/${enc(locationId)}`,
  locations: () => '/v1/locations',
  users: () => '/v1/users',
  externalUsers: (clientId?: string) => (clientId ? `/v1/users/external?client=${enc(clientId)}` : '/v1/users/external'),
  user: (userId: string) => `/v1/users/${enc(userId)}`,
  userPhoto: (userId: string, size = '120x120') => `/v1/users/${enc(userId)}/photo/${size}`,
  invitation: () => '/v1/users/invitation',
  me: () => '/v1/users/me',
  clientLeases: (clientId: string) => `/v1/clients/${enc(clientId)}/leases`,
  lease: (leaseId: string) => `/v1/leases/${enc(leaseId)}`,
  leaseReminders: (leaseId: string) => `/v1/leases/${enc(leaseId)}/reminders`,
  reminder: (reminderId: string) => `/v1/reminders/${enc(reminderId)}`,
  clientReminders: (clientId: string) => `/v1/clients/${enc(clientId)}/reminders`,
  clientCalendar: (clientId: string) => `/v1/clients/${enc(clientId)}/calendar.ics`,
  myPhoto: (size = '120x120') => `/v1/users/me/photo/${size}`,
  clientBrokerings: (clientId: string) => `/v1/clients/${enc(clientId)}/brokerings`,
  brokering: (brokeringId: string) => `/v1/brokerings/${enc(brokeringId)}`,
  brokeringDocuments: (brokeringId: string) => `/v1/brokerings/${enc(brokeringId)}/documents`,
  /** Timeline sections of an owner: `brokering` now, `move` later (`/v1/moves/{id}/timeline_sections`). */
  timelineSections: (owner: { kind: 'brokering' | 'move'; id: string }) =>
    `/v1/${owner.kind === 'brokering' ? 'brokerings' : 'moves'}/${enc(owner.id)}/timeline_sections`,
  timelineSection: (sectionId: string) => `/v1/timeline_sections/${enc(sectionId)}`,
};
