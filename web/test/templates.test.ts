import { contentLocales } from '@movers/contracts';
import { describe, expect, it } from 'vitest';
import { emptyTemplate, templateInput, templateValues } from '../src/common/translations/values.ts';
import { menuEntries } from '../src/admin/shell/SideMenu.tsx';

const user = (roles: string[]) => ({ id: 'u', displayName: 'U', mail: 'u@x', isExternal: false, externalUserState: null, client: null, roles });

describe('templates screens', () => {
  it('are a menu entry for Internal.Super users only', () => {
    expect(menuEntries(user(['Internal', 'Internal.Super'])).map((e) => e.name)).toContain('templates');
    expect(menuEntries(user(['Internal'])).map((e) => e.name)).not.toContain('templates');
  });

  it('start a new template with the six locales in order, empty', () => {
    expect(emptyTemplate().translations.map((t) => t.locale)).toEqual([...contentLocales]);
    expect(emptyTemplate().translations.every((t) => t.title === '' && t.content === '')).toBe(true);
  });

  it('put a saved template in locale order and fill a missing translation with an empty one', () => {
    const values = templateValues({
      translations: [
        { locale: 'de', title: 'Umzug', content: '<p>Hallo</p>' },
        { locale: 'en', title: 'Move', content: '<p>Hello</p>' },
      ],
    });
    expect(values.translations.map((t) => t.locale)).toEqual([...contentLocales]);
    expect(values.translations[0]).toEqual({ locale: 'en', title: 'Move', content: '<p>Hello</p>' });
    expect(values.translations[1]).toEqual({ locale: 'no', title: '', content: '' });
  });

  it('send each content with a trailing space appended and titles trimmed, as the spec says', () => {
    const input = templateInput({ translations: [{ locale: 'en', title: ' Move ', content: '<p>Hello</p>' }] });
    expect(input.translations).toEqual([{ locale: 'en', title: 'Move', content: '<p>Hello</p> ' }]);
  });
});
