import type { MoveInput } from '@movers/contracts';

/** A move's settings for tests and the bench that make a move of their own: password access, English, nothing else set. */
export function moveInput(path: string, overrides: Partial<MoveInput> = {}): MoveInput {
  return {
    path,
    isEnabled: true,
    authorizationScheme: 'password',
    whitelistedDomains: [],
    password: `${path} secret`,
    languages: ['en'],
    defaultLanguage: 'en',
    teamMembers: [],
    clientContact: [],
    hideFloorSelection: false,
    notificationText: '',
    notificationTranslations: {},
    notificationColor: null,
    showNotification: false,
    ...overrides,
  };
}
