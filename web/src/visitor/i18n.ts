import type { ContentLocale } from '@movers/contracts/src/locales.ts';
import { da } from './strings/da.ts';
import { de } from './strings/de.ts';
import { en, type Strings } from './strings/en.ts';
import { nn } from './strings/nn.ts';
import { no } from './strings/no.ts';
import { se } from './strings/se.ts';

/** The proper language tag of a data code (decisions.md): `se` is Swedish (`sv`), `no` is bokmål (`nb`). */
export const langTag = (code: ContentLocale): string => (code === 'se' ? 'sv' : code === 'no' ? 'nb' : code);

const strings: Record<ContentLocale, Strings> = { en, no, nn, de, da, se };

export const stringsOf = (code: ContentLocale): Strings => strings[code] ?? en;
export type { Strings };

/** The content of a translation list in the visitor's language, else the move's default, else the first. */
export function pick<T extends { locale: string; title: string }>(translations: T[], language: string, fallback: string): T | undefined {
  return (
    translations.find((t) => t.locale === language && t.title.trim()) ?? translations.find((t) => t.locale === fallback && t.title.trim()) ?? translations[0]
  );
}
