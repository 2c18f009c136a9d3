import { messages, type PersonRef } from '@movers/contracts';
import { type GraphUser, getDirectoryUser } from './directory.ts';
import { clientIdOf } from './profiles.data.ts';

/**
 * Directory users by id, read at once (one Graph read each). `forDisplay`: a failed read leaves the
 * person unknown instead of failing the request (a screen still shows the id).
 */
export async function directoryUsers(ids: Iterable<string>, options: { forDisplay?: boolean } = {}): Promise<Map<string, GraphUser | undefined>> {
  const found = new Map<string, GraphUser | undefined>();
  await Promise.all(
    [...new Set(ids)].map(async (id) => found.set(id, await (options.forDisplay ? getDirectoryUser(id).catch(() => undefined) : getDirectoryUser(id)))),
  );
  return found;
}

/** A person as the screens show them: name and e-mail when the directory knows them. */
export function personRef(found: Map<string, GraphUser | undefined>, ref: { id: string }): PersonRef {
  const user = found.get(ref.id);
  return user ? { id: ref.id, displayName: user.displayName ?? '', mail: user.mail ?? '' } : { id: ref.id };
}

/**
 * Field errors for people who are not what their field needs: `internal` fields take Internal directory
 * users (Member), `externalOfClient` fields External users (Guest) of the given client.
 */
export async function peopleErrors(
  clientId: string,
  fields: { internal?: Record<string, { id: string }[]>; externalOfClient?: Record<string, { id: string }[]> },
): Promise<Record<string, string>> {
  const all = [...Object.values(fields.internal ?? {}), ...Object.values(fields.externalOfClient ?? {})].flat();
  const found = await directoryUsers(all.map((p) => p.id));
  const errors: Record<string, string> = {};
  for (const [field, people] of Object.entries(fields.internal ?? {}))
    if (people.some((p) => found.get(p.id)?.userType !== 'Member')) errors[field] = messages.validation.pleaseSelect;
  for (const [field, people] of Object.entries(fields.externalOfClient ?? {}))
    for (const p of people)
      if (found.get(p.id)?.userType !== 'Guest' || (await clientIdOf(p.id)) !== clientId) errors[field] = messages.validation.pleaseSelect;
  return errors;
}
