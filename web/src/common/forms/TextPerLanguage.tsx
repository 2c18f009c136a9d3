import { Text } from '@fluentui/react';
import { type ContentLocale, type ItemTranslations, localeNames, missingNote } from '@movers/contracts';
import { TextInput } from './fields.tsx';

/** A move's languages: the default's text is an item's own field, the others' its `translations`. */
export interface ContentLanguages {
  languages: readonly ContentLocale[];
  defaultLanguage: ContentLocale;
}

/** The move's languages other than the default, in the move's order. */
export const otherLanguages = (languages: ContentLanguages | undefined) => languages?.languages.filter((code) => code !== languages.defaultLanguage) ?? [];

/**
 * One box per language of the move for a text a visitor reads (issue 39): the default language's is the
 * item's field (`name`, required when the item's field is), each other's `translations.{code}.{name}`
 * (optional: the visitor then reads the default). Each label names its language.
 */
export function TextPerLanguage({
  name,
  label,
  languages,
  required,
  multiline,
  rows,
  autoComplete,
}: {
  name: string;
  label: string;
  languages: ContentLanguages | undefined;
  required?: boolean;
  multiline?: boolean;
  rows?: number;
  autoComplete?: string;
}) {
  const labelIn = (code: ContentLocale) => `${label} in ${localeNames[code]}`;
  return (
    <>
      <TextInput
        name={name}
        label={languages ? labelIn(languages.defaultLanguage) : label}
        required={required}
        multiline={multiline}
        rows={rows}
        autoComplete={autoComplete}
      />
      {otherLanguages(languages).map((code) => (
        <TextInput key={code} name={`translations.${code}.${name}`} label={labelIn(code)} multiline={multiline} rows={rows} autoComplete={autoComplete} />
      ))}
    </>
  );
}

/** A form's initial `translations`: for each other language of the move, each text field as stored or ''. */
export function translationValues<K extends string>(
  translations: ItemTranslations<K> | undefined,
  fields: readonly K[],
  languages: ContentLanguages | undefined,
): Record<string, Record<K, string>> {
  return Object.fromEntries(
    otherLanguages(languages).map((code) => [
      code,
      Object.fromEntries(fields.map((field) => [field, translations?.[code]?.[field] ?? ''])) as Record<K, string>,
    ]),
  );
}

/** 'Missing: Norsk (nynorsk)' under an item of a list when it lacks a language of the move; nothing otherwise. */
export function MissingLanguages({ codes }: { codes: readonly ContentLocale[] }) {
  const note = missingNote(codes);
  return note ? (
    <Text variant="small" block styles={{ root: { color: 'inherit', fontStyle: 'italic' } }}>
      {note}
    </Text>
  ) : null;
}
