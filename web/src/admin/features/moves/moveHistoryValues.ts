import { authorizationSchemeNames, localeNames, type PersonRef } from '@movers/contracts';

/** The settings' fields in the history as the settings screen names them (colours and images too: one record). */
export const moveHistoryLabels: Record<string, string> = {
  path: 'path',
  isEnabled: 'active (accessible)',
  authorizationScheme: 'authorization scheme',
  whitelistedDomains: 'whitelisted domains',
  passwordHash: 'password',
  languages: 'languages',
  defaultLanguage: 'default language',
  teamMembers: 'team members',
  clientContact: 'main client contact',
  hideFloorSelection: 'hide floor selection',
  notificationText: 'notice',
  notificationTranslations: 'notice in other languages',
  notificationColor: 'notice colour',
  showNotification: 'show the notice',
  stickersCount: 'stickers per person',
  unassignedPeople: 'unassigned people',
  headingColor: 'heading colour',
  backgroundColor: 'background colour',
  primaryColor: 'primary colour',
  darkerPrimaryColor: 'darker primary colour',
  secondaryColor: 'secondary colour',
  darkerSecondaryColor: 'darker secondary colour',
  'images.logo': 'logo',
  'images.loginlogo': 'login logo',
  'images.background': 'background image',
};

/** Someone a history names by an id that no list at hand knows any more (never the id itself). */
const UNKNOWN_PERSON = 'someone no longer listed';

/**
 * A move's settings' value as a person reads it in a history (the settings screen's, the move's recent
 * changes): a language by its name, a person by theirs among `people` (the move's team and contacts, and
 * whoever else the screen knows), an image by its version; undefined for what reads well as it is.
 */
export function moveHistoryValue(field: string, value: unknown, people: readonly PersonRef[]): string | undefined {
  if (field === 'authorizationScheme' && typeof value === 'string') return authorizationSchemeNames[value as keyof typeof authorizationSchemeNames] ?? value;
  if (field === 'defaultLanguage' && typeof value === 'string') return localeNames[value as keyof typeof localeNames] ?? value;
  if (field === 'languages' && Array.isArray(value)) return value.map((code) => localeNames[code as keyof typeof localeNames] ?? code).join(', ');
  if ((field === 'teamMembers' || field === 'clientContact') && Array.isArray(value))
    return value.map((ref: { id: string }) => people.find((p) => p.id === ref.id)?.displayName ?? UNKNOWN_PERSON).join(', ') || '—';
  if (field.startsWith('images.')) return value ? `version ${String(value).replace(/"/g, '').slice(-8)}` : 'none';
  return undefined;
}
