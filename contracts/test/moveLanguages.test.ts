import { describe, expect, it } from 'vitest';
import { moveSchema } from '../src/move.ts';
import { validate } from '../src/validation.ts';

const move = {
  path: 'zz-languages',
  isEnabled: true,
  authorizationScheme: 'password',
  whitelistedDomains: [],
  password: 'zz secret',
  languages: ['en'],
  defaultLanguage: 'en',
  teamMembers: [],
  clientContact: [],
  hideFloorSelection: false,
  notificationText: '',
  notificationTranslations: {},
  notificationColor: null,
  showNotification: false,
};

// The generated OpenAPI test (issue 47) saved a move with the languages nn, nn, da: the visitor's
// language menu and every 'one of the move's languages' message then named nn twice.
describe("a move's languages", () => {
  it('takes each language once', async () => {
    expect(await validate(moveSchema, { ...move, languages: ['en', 'nn', 'da'], defaultLanguage: 'nn' })).toMatchObject({ ok: true });
    expect(await validate(moveSchema, { ...move, languages: ['nn', 'nn', 'da'], defaultLanguage: 'nn' })).toMatchObject({
      ok: false,
      fields: { languages: 'each language once' },
    });
  });
});
