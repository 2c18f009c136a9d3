import { messages, type BrokeringInput, type PersonRef } from '@movers/contracts';
import { badRequest } from '../../platform/http/errors.ts';
import { clientIdOf, type GraphUser, getDirectoryUser } from '../users/index.ts';

/**
 * Checks the people of a brokering project: the project manager and team members must be Internal
 * directory users (userType Member); the client contact and external team members External users
 * (Guest) of this client, per the portal's profile. Any other id is a 400 with field errors.
 */
export async function assertBrokeringPeople(clientId: string, input: BrokeringInput): Promise<void> {
  const ids = new Set([input.clientContact, input.projectManager, ...input.teamMembers, ...input.externalTeamMembers].filter(Boolean).map((r) => r!.id));
  const found = new Map<string, GraphUser | undefined>();
  await Promise.all([...ids].map(async (id) => found.set(id, await getDirectoryUser(id))));
  const isInternal = (id: string) => found.get(id)?.userType === 'Member';
  const externalOfClient = async (id: string) => found.get(id)?.userType === 'Guest' && (await clientIdOf(id)) === clientId;

  const fields: Record<string, string> = {};
  const invalid = messages.validation.pleaseSelect;
  if (input.projectManager && !isInternal(input.projectManager.id)) fields.projectManager = invalid;
  if (input.teamMembers.some((m) => !isInternal(m.id))) fields.teamMembers = invalid;
  if (input.clientContact && !(await externalOfClient(input.clientContact.id))) fields.clientContact = invalid;
  for (const m of input.externalTeamMembers) {
    if (!(await externalOfClient(m.id))) fields.externalTeamMembers = invalid;
  }
  if (Object.keys(fields).length > 0) throw badRequest('validation failed', fields);
}

/** Adds display name and mail to each person, for the dashboard (External users cannot list users). */
export async function withPeople<T extends Pick<BrokeringInput, 'clientContact' | 'projectManager' | 'teamMembers' | 'externalTeamMembers'>>(doc: T) {
  const ids = new Set([doc.clientContact, doc.projectManager, ...doc.teamMembers, ...doc.externalTeamMembers].filter(Boolean).map((r) => r!.id));
  const found = new Map<string, GraphUser | undefined>();
  await Promise.all([...ids].map(async (id) => found.set(id, await getDirectoryUser(id).catch(() => undefined))));
  const person = (ref: { id: string }): PersonRef => {
    const user = found.get(ref.id);
    return user ? { id: ref.id, displayName: user.displayName ?? '', mail: user.mail ?? '' } : { id: ref.id };
  };
  return {
    clientContact: doc.clientContact ? person(doc.clientContact) : null,
    projectManager: doc.projectManager ? person(doc.projectManager) : null,
    teamMembers: doc.teamMembers.map(person),
    externalTeamMembers: doc.externalTeamMembers.map(person),
  };
}
