import type { BoardLanguage } from './text.ts';

/** The wall link's words on the board, in the board's two languages. */
const en = {
  heading: 'wall link',
  about:
    'A read-only link of this board for a screen on the wall, opened without signing in. It never shows photos, e-mail addresses or phone numbers, and stops working the day after the move or when revoked.',
  shows: 'the wall shows',
  names: 'names',
  seats: 'seat numbers only',
  create: 'create wall link',
  link: 'the new wall link',
  onlyNow: 'Copy it now: it is shown only this once. A lost link is revoked and a new one made.',
  copy: 'copy link',
  copied: 'link copied',
  none: 'This move has no wall link.',
  links: "the move's wall links",
  showsNames: 'names',
  showsSeats: 'seat numbers only',
  madeOn: 'made {time}, valid until {until}',
  revoke: 'revoke',
  revokeLabel: 'revoke the wall link made {time}',
  revokeTitle: 'Revoke the wall link?',
  stopsWorking: 'The wall showing it says at once that the link no longer works.',
  cancel: 'cancel',
  created: 'wall link created',
  revoked: 'wall link revoked',
  failed: 'Could not load the wall links.',
  /** The page the link opens (no sign-in; the wall's own words are the map's `wallText.ts`). */
  page: {
    refused: 'This wall link no longer works: ask the move team for a new one.',
  },
};
export type WallLinkText = typeof en;

const no: WallLinkText = {
  heading: 'veggskjermlenke',
  about:
    'En lenke som bare viser denne tavlen, for en skjerm på veggen, åpnet uten innlogging. Den viser aldri bilder, e-postadresser eller telefonnumre, og slutter å virke dagen etter flyttingen eller når den trekkes tilbake.',
  shows: 'veggen viser',
  names: 'navn',
  seats: 'bare plassnumre',
  create: 'lag veggskjermlenke',
  link: 'den nye veggskjermlenken',
  onlyNow: 'Kopier den nå: den vises bare denne ene gangen. En lenke som er borte, trekkes tilbake og en ny lages.',
  copy: 'kopier lenke',
  copied: 'lenken er kopiert',
  none: 'Denne flyttingen har ingen veggskjermlenke.',
  links: 'flyttingens veggskjermlenker',
  showsNames: 'navn',
  showsSeats: 'bare plassnumre',
  madeOn: 'laget {time}, gyldig til {until}',
  revoke: 'trekk tilbake',
  revokeLabel: 'trekk tilbake veggskjermlenken laget {time}',
  revokeTitle: 'Trekke tilbake veggskjermlenken?',
  stopsWorking: 'Veggen som viser den, sier med en gang at lenken ikke virker lenger.',
  cancel: 'avbryt',
  created: 'veggskjermlenken er laget',
  revoked: 'veggskjermlenken er trukket tilbake',
  failed: 'Kunne ikke hente veggskjermlenkene.',
  page: {
    refused: 'Denne veggskjermlenken virker ikke lenger: be flytteteamet om en ny.',
  },
};

export const wallLinkTexts: Record<BoardLanguage, WallLinkText> = { en, no };
