import { type ContentLocale, moveDayMessages } from '@movers/contracts';
import type { Visit } from '../../platform/auth/visit.ts';
import { HttpError } from '../../platform/http/errors.ts';
import { type PlannerPerson, readPerson } from '../planner/index.ts';
import { personTokenStands } from '../seatLetters/index.ts';

/**
 * The person a visitor session acts for: signed in with their personal link, the person still there and
 * their token still the one of their latest letter. Anything else is 401 before anything is read or
 * recorded: a session without a person (password, e-mail, a seat link's visitor, a movers' pass), a
 * replaced token, a deleted person.
 */
export function personOf(visit: Visit): Promise<{ person: PlannerPerson; language: ContentLocale }> {
  // Once per request: the route's authorize hook and its handler share the request's visit.
  let checked = checkedPeople.get(visit);
  if (!checked) {
    checked = checkPerson(visit);
    checkedPeople.set(visit, checked);
  }
  return checked;
}

const checkedPeople = new WeakMap<Visit, Promise<{ person: PlannerPerson; language: ContentLocale }>>();

async function checkPerson(visit: Visit): Promise<{ person: PlannerPerson; language: ContentLocale }> {
  if (!visit.person || visit.moversPass) throw new HttpError(401, 'unauthorized', moveDayMessages.notAPerson);
  const [person, token] = await Promise.all([
    readPerson(visit.moveId, visit.person.id),
    personTokenStands(visit.moveId, visit.person.id, visit.person.tokenTag),
  ]);
  if (!person || !token) throw new HttpError(401, 'unauthorized', moveDayMessages.personalLinkInvalid);
  return { person, language: token.language };
}
