import type { ContentLocale } from './locales.ts';

/**
 * Move day's categories, statuses and the words a visitor reads of them, in the six content languages:
 * no yup here, so the visitor site's person page takes them as they are (`web/src/visitor/strings/me.ts`)
 * and the API mails the same words.
 */

export const reportCategories = ['furniture', 'it', 'boxes', 'cleaning', 'wrongSeat', 'other'] as const;
export type ReportCategory = (typeof reportCategories)[number];
export const reportStatuses = ['new', 'inProgress', 'resolved'] as const;
export type ReportStatus = (typeof reportStatuses)[number];

/** A report's photo: at most this many bytes, JPEG or PNG by content; stored re-encoded (no EXIF, no GPS). */
export const REPORT_PHOTO_MAX_BYTES = 10 * 1024 * 1024;
/** An arrival can be taken back this long after it was recorded (then 409). */
export const ARRIVAL_UNDO_MINUTES = 10;

/** What the visitor site shows of move day, in the six content languages (English the reference). */
export interface MoveDayText {
  categories: Record<ReportCategory, string>;
  statuses: Record<ReportStatus, string>;
  notAPerson: string;
  personalLinkInvalid: string;
  undoTooLate: string;
  photoTooLarge: string;
  photoNotImage: string;
  /** The e-mail with the team's answer. */
  answerSubject: string;
  answerIntro: string;
}

export const moveDayTexts: Record<ContentLocale, MoveDayText> = {
  en: {
    categories: {
      furniture: 'Furniture',
      it: 'IT and equipment',
      boxes: 'Missing or damaged boxes',
      cleaning: 'Cleaning and facility',
      wrongSeat: 'Wrong seat',
      other: 'Other',
    },
    statuses: { new: 'New', inProgress: 'In progress', resolved: 'Resolved' },
    notAPerson: 'Open the personal link in your seat letter to do this.',
    personalLinkInvalid: 'This personal link is no longer valid. Use the link in your latest seat letter.',
    undoTooLate: `An arrival can be taken back only within ${ARRIVAL_UNDO_MINUTES} minutes.`,
    photoTooLarge: `The photo is larger than ${REPORT_PHOTO_MAX_BYTES / 1024 / 1024} MB.`,
    photoNotImage: 'Only JPEG and PNG photos can be used.',
    answerSubject: 'Answer to your report at {move}',
    answerIntro: 'The move team has answered your report ({category}):',
  },
  no: {
    categories: {
      furniture: 'Møbler',
      it: 'IT og utstyr',
      boxes: 'Manglende eller skadde esker',
      cleaning: 'Renhold og bygg',
      wrongSeat: 'Feil plass',
      other: 'Annet',
    },
    statuses: { new: 'Ny', inProgress: 'Under arbeid', resolved: 'Løst' },
    notAPerson: 'Åpne den personlige lenken i plassbrevet ditt for å gjøre dette.',
    personalLinkInvalid: 'Denne personlige lenken er ikke lenger gyldig. Bruk lenken i det siste plassbrevet ditt.',
    undoTooLate: `En ankomst kan bare angres innen ${ARRIVAL_UNDO_MINUTES} minutter.`,
    photoTooLarge: `Bildet er større enn ${REPORT_PHOTO_MAX_BYTES / 1024 / 1024} MB.`,
    photoNotImage: 'Bare JPEG- og PNG-bilder kan brukes.',
    answerSubject: 'Svar på meldingen din om {move}',
    answerIntro: 'Flytteteamet har svart på meldingen din ({category}):',
  },
  nn: {
    categories: {
      furniture: 'Møblar',
      it: 'IT og utstyr',
      boxes: 'Manglande eller skadde eskar',
      cleaning: 'Reinhald og bygg',
      wrongSeat: 'Feil plass',
      other: 'Anna',
    },
    statuses: { new: 'Ny', inProgress: 'Under arbeid', resolved: 'Løyst' },
    notAPerson: 'Opne den personlege lenkja i plassbrevet ditt for å gjere dette.',
    personalLinkInvalid: 'Denne personlege lenkja er ikkje lenger gyldig. Bruk lenkja i det siste plassbrevet ditt.',
    undoTooLate: `Ein kan berre angre ein ankomst innan ${ARRIVAL_UNDO_MINUTES} minutt.`,
    photoTooLarge: `Biletet er større enn ${REPORT_PHOTO_MAX_BYTES / 1024 / 1024} MB.`,
    photoNotImage: 'Berre JPEG- og PNG-bilete kan brukast.',
    answerSubject: 'Svar på meldinga di om {move}',
    answerIntro: 'Flytteteamet har svara på meldinga di ({category}):',
  },
  de: {
    categories: {
      furniture: 'Möbel',
      it: 'IT und Geräte',
      boxes: 'Fehlende oder beschädigte Kisten',
      cleaning: 'Reinigung und Gebäude',
      wrongSeat: 'Falscher Platz',
      other: 'Sonstiges',
    },
    statuses: { new: 'Neu', inProgress: 'In Bearbeitung', resolved: 'Erledigt' },
    notAPerson: 'Öffnen Sie dazu den persönlichen Link in Ihrem Platzbrief.',
    personalLinkInvalid: 'Dieser persönliche Link gilt nicht mehr. Verwenden Sie den Link in Ihrem neuesten Platzbrief.',
    undoTooLate: `Eine Ankunft kann nur innerhalb von ${ARRIVAL_UNDO_MINUTES} Minuten zurückgenommen werden.`,
    photoTooLarge: `Das Foto ist größer als ${REPORT_PHOTO_MAX_BYTES / 1024 / 1024} MB.`,
    photoNotImage: 'Nur JPEG- und PNG-Fotos können verwendet werden.',
    answerSubject: 'Antwort auf Ihre Meldung zu {move}',
    answerIntro: 'Das Umzugsteam hat auf Ihre Meldung ({category}) geantwortet:',
  },
  da: {
    categories: {
      furniture: 'Møbler',
      it: 'IT og udstyr',
      boxes: 'Manglende eller beskadigede kasser',
      cleaning: 'Rengøring og bygning',
      wrongSeat: 'Forkert plads',
      other: 'Andet',
    },
    statuses: { new: 'Ny', inProgress: 'I gang', resolved: 'Løst' },
    notAPerson: 'Åbn det personlige link i dit pladsbrev for at gøre dette.',
    personalLinkInvalid: 'Dette personlige link er ikke længere gyldigt. Brug linket i dit seneste pladsbrev.',
    undoTooLate: `En ankomst kan kun fortrydes inden for ${ARRIVAL_UNDO_MINUTES} minutter.`,
    photoTooLarge: `Billedet er større end ${REPORT_PHOTO_MAX_BYTES / 1024 / 1024} MB.`,
    photoNotImage: 'Kun JPEG- og PNG-billeder kan bruges.',
    answerSubject: 'Svar på din melding om {move}',
    answerIntro: 'Flytteteamet har svaret på din melding ({category}):',
  },
  se: {
    categories: {
      furniture: 'Möbler',
      it: 'IT och utrustning',
      boxes: 'Saknade eller skadade lådor',
      cleaning: 'Städning och fastighet',
      wrongSeat: 'Fel plats',
      other: 'Annat',
    },
    statuses: { new: 'Ny', inProgress: 'Pågår', resolved: 'Löst' },
    notAPerson: 'Öppna den personliga länken i ditt platsbrev för att göra detta.',
    personalLinkInvalid: 'Den här personliga länken gäller inte längre. Använd länken i ditt senaste platsbrev.',
    undoTooLate: `En ankomst kan bara ångras inom ${ARRIVAL_UNDO_MINUTES} minuter.`,
    photoTooLarge: `Bilden är större än ${REPORT_PHOTO_MAX_BYTES / 1024 / 1024} MB.`,
    photoNotImage: 'Endast JPEG- och PNG-bilder kan användas.',
    answerSubject: 'Svar på din anmälan om {move}',
    answerIntro: 'Flyttteamet har svarat på din anmälan ({category}):',
  },
};
