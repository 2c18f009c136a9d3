import { call, CLIENT_A } from './call.ts';

/** Existing documents of the seed (client A's), so that a request reaches what it judges. */
export const existing = {
  clientId: CLIENT_A,
  locationId: 'l0000000-0000-4000-8000-000000000101',
  userId: 'u0000000-0000-4000-8000-000000000003',
  leaseId: `${CLIENT_A}_e0000000-0000-4000-8000-000000000001`,
  brokeringId: `${CLIENT_A}_b0000000-0000-4000-8000-000000000001`,
  ownerId: `${CLIENT_A}_b0000000-0000-4000-8000-000000000001`,
  sectionId: `brokering~${CLIENT_A}_b0000000-0000-4000-8000-000000000001~s0000000-0000-4000-8000-000000000001`,
  reminderId: `${CLIENT_A}_e0000000-0000-4000-8000-000000000001_d0000000-0000-4000-8000-000000000001`,
  size: '120x120',
  moveId: `${CLIENT_A}_l0000000-0000-4000-8000-000000000101`,
  uploadId: '00000000-0000-4000-8000-000000000000',
  movePageId: `${CLIENT_A}_l0000000-0000-4000-8000-000000000101_a0000000-0000-4000-8000-000000000001`,
  templateId: 't0000000-0000-4000-8000-000000000001',
  documentId: 'd0c00000-0000-4000-8000-000000000001',
  faqQuestionId: `${CLIENT_A}_l0000000-0000-4000-8000-000000000101_fa000000-0000-4000-8000-000000000001`,
  contactId: `${CLIENT_A}_l0000000-0000-4000-8000-000000000101_cc000000-0000-4000-8000-000000000001`,
  moveDetailId: `${CLIENT_A}_l0000000-0000-4000-8000-000000000101_de000000-0000-4000-8000-000000000001`,
  feedbackId: `${CLIENT_A}_l0000000-0000-4000-8000-000000000101_fe000000-0000-4000-8000-000000000001`,
  path: 'aurora-hq',
  kind: 'logo',
  personId: `${CLIENT_A}_l0000000-0000-4000-8000-000000000101_9e000000-0000-4000-8000-000000000001`,
  recordKind: 'person',
  recordId: `${CLIENT_A}_l0000000-0000-4000-8000-000000000101_9e000000-0000-4000-8000-000000000001`,
  layoutId: `${CLIENT_A}_l0000000-0000-4000-8000-000000000101_f0000000-0000-4000-8000-000000000001`,
  markerId: `${CLIENT_A}_l0000000-0000-4000-8000-000000000101_5a000000-0000-4000-8000-000000000001`,
  markerUserId: `${CLIENT_A}_l0000000-0000-4000-8000-000000000101_9e000000-0000-4000-8000-000000000001`,
  reportId: `${CLIENT_A}_l0000000-0000-4000-8000-000000000101_4e000000-0000-4000-8000-000000000001`,
  waveId: `${CLIENT_A}_l0000000-0000-4000-8000-000000000101_3a000000-0000-4000-8000-000000000001`,
  /** No such wall link: a revoke judges its body and path before it finds none. */
  linkId: `${CLIENT_A}_l0000000-0000-4000-8000-000000000101_0a110000-0000-4000-8000-000000000001`,
} as Record<string, string>;

/** Fills a route template with existing ids (and, encoded as given, any override), e.g. `/v1/clients/…/leases`. */
export const existingPath = (template: string, encodedOverrides: Record<string, string> = {}) =>
  `/${template.replace(/\{(\w+)\}/g, (_, name: string) => encodedOverrides[name] ?? encodeURIComponent(existing[name]))}`;

/** What the write routes can change, read as super: compared before and after requests that must change nothing. */
export async function storedState() {
  const clients = (await call('super', 'GET', '/v1/clients')).body.map(({ etag: _e, ...c }: Record<string, unknown>) => c);
  const clientA = await call('super', 'GET', `/v1/clients/${CLIENT_A}`);
  const locations = (await call('super', 'GET', '/v1/locations')).body;
  const externalUsers = (await call('super', 'GET', '/v1/users/external')).body;
  const leasesA = (await call('super', 'GET', `/v1/clients/${CLIENT_A}/leases`)).body;
  const remindersA = (await call('super', 'GET', `/v1/clients/${CLIENT_A}/reminders`)).body;
  const brokering = (await call('super', 'GET', `/v1/brokerings/${existing.brokeringId}`)).body;
  const timeline = (await call('super', 'GET', `/v1/brokerings/${existing.brokeringId}/timeline_sections`)).body;
  const move = (await call('super', 'GET', `/v1/locations/${existing.locationId}/moves/${existing.moveId}`)).body;
  const colors = (await call('super', 'GET', `/v1/colors/${existing.moveId}`)).body;
  const templates = (await call('super', 'GET', '/v1/templates')).body;
  const documents = (await call('super', 'GET', `/v1/locations/${existing.locationId}/moves/${existing.moveId}/documents`)).body;
  const faq = (await call('super', 'GET', `/v1/moves/${existing.moveId}/faq_questions`)).body;
  const contacts = (await call('super', 'GET', `/v1/moves/${existing.moveId}/contacts`)).body;
  const details = (await call('super', 'GET', `/v1/moves/${existing.moveId}/details`)).body;
  const feedback = (await call('super', 'GET', `/v1/moves/${existing.moveId}/feedback?pageSize=100`)).body;
  const floors = (await call('super', 'GET', `/v1/moves/${existing.moveId}/layouts`)).body;
  const floor = (await call('super', 'GET', `/v1/layouts/${existing.layoutId}`)).body;
  const people = (await call('super', 'GET', `/v1/moves/${existing.moveId}/people`)).body;
  const moveDayReports = (await call('super', 'GET', `/v1/moves/${existing.moveId}/reports?pageSize=200`)).body;
  const waves = (await call('super', 'GET', `/v1/moves/${existing.moveId}/waves`)).body;
  return {
    clients,
    clientA: clientA.body,
    locations,
    externalUsers,
    leasesA,
    remindersA,
    brokering,
    timeline,
    move,
    colors,
    templates,
    documents,
    faq,
    feedback,
    contacts,
    details,
    floors,
    floor,
    people,
    moveDayReports,
    waves,
  };
}
