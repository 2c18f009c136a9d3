import { Text } from '@fluentui/react';

/** The note in the admin's two languages (the planner's Norwegian, the other screens' English). */
export const moveZoneWords = {
  en: 'Times are in the move’s time zone: {zone}.',
  no: 'Tidene er i flyttingens tidssone: {zone}.',
} as const;

/**
 * One clock, the move's (issue 55): a screen of a move shows its times in the move's time zone (its
 * location's country's, `timeZone` of the move's answers) and says so once, with this note.
 */
export function MoveZoneNote({ zone, language = 'en' }: { zone: string; language?: 'en' | 'no' }) {
  return (
    <Text as="p" block className="move-zone-note">
      {moveZoneWords[language].replace('{zone}', zone)}
    </Text>
  );
}

/** The note's language of a screen's Intl locale ('nb-NO' → Norwegian). */
export const zoneNoteLanguage = (locale: string): 'en' | 'no' => (/^(nb|nn|no)\b/.test(locale) ? 'no' : 'en');
