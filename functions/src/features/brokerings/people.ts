import type { BrokeringInput } from '@movers/contracts';
import { badRequest } from '../../platform/http/errors.ts';
import { directoryUsers, peopleErrors, personRef } from '../users/index.ts';

/**
 * Checks the people of a brokering project: the project manager and team members must be Internal
 * directory users (userType Member); the client contact and external team members External users
 * (Guest) of this client, per the portal's profile. Any other id is a 400 with field errors.
 */
export async function assertBrokeringPeople(clientId: string, input: BrokeringInput): Promise<void> {
  const one = (ref: { id: string } | null) => (ref ? [ref] : []);
  const errors = await peopleErrors(clientId, {
    internal: { projectManager: one(input.projectManager), teamMembers: input.teamMembers },
    externalOfClient: { clientContact: one(input.clientContact), externalTeamMembers: input.externalTeamMembers },
  });
  if (Object.keys(errors).length > 0) throw badRequest('validation failed', errors);
}

/** Adds display name and mail to each person, for the dashboard (External users cannot list users). */
export async function withPeople<T extends Pick<BrokeringInput, 'clientContact' | 'projectManager' | 'teamMembers' | 'externalTeamMembers'>>(doc: T) {
  const refs = [doc.clientContact, doc.projectManager, ...doc.teamMembers, ...doc.externalTeamMembers].filter((r) => r !== null);
  const found = await directoryUsers(
    refs.map((r) => r.id),
    { forDisplay: true },
  );
  const person = (ref: { id: string }) => personRef(found, ref);
  return {
    clientContact: doc.clientContact ? person(doc.clientContact) : null,
    projectManager: doc.projectManager ? person(doc.projectManager) : null,
    teamMembers: doc.teamMembers.map(person),
    externalTeamMembers: doc.externalTeamMembers.map(person),
  };
}
