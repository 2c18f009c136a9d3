import type { ContentLocale } from '@movers/contracts';

/**
 * The seat letter's text in the six content languages, like the rest of the move's translated content:
 * `{name}`, `{move}` and `{link}` are filled in (and escaped) when a letter is made.
 */
export interface LetterText {
  subject: string;
  greeting: string;
  intro: string;
  open: string;
  scan: string;
  /** Before the personal link: the person's own page on move day (arrival, reports). Keep it to yourself. */
  personal: string;
  floor: string;
  space: string;
  table: string;
  qrAlt: string;
}

export const letterTexts: Record<ContentLocale, LetterText> = {
  en: {
    subject: 'Your seat at {move}',
    greeting: 'Hello {name},',
    intro: 'This is your seat after the move to {move}:',
    open: 'Open your seat on the floor plan:',
    scan: 'Or scan the code with your phone.',
    personal: 'On move day, your own page (say you have arrived, report a problem at your seat). This link is yours alone:',
    floor: 'Floor',
    space: 'Space',
    table: 'Table',
    qrAlt: 'QR code of your seat link',
  },
  no: {
    subject: 'Din plass i {move}',
    greeting: 'Hei {name},',
    intro: 'Dette er plassen din etter flyttingen til {move}:',
    open: 'Åpne plassen din på plantegningen:',
    scan: 'Eller skann koden med telefonen.',
    personal: 'På flyttedagen, din egen side (si fra at du er kommet, meld fra om feil ved plassen din). Lenken er bare din:',
    floor: 'Etasje',
    space: 'Rom',
    table: 'Bord',
    qrAlt: 'QR-kode til lenken til plassen din',
  },
  nn: {
    subject: 'Plassen din i {move}',
    greeting: 'Hei {name},',
    intro: 'Dette er plassen din etter flyttinga til {move}:',
    open: 'Opne plassen din på plateikninga:',
    scan: 'Eller skann koden med telefonen.',
    personal: 'På flyttedagen, di eiga side (sei frå at du er komen, meld frå om feil ved plassen din). Lenkja er berre di:',
    floor: 'Etasje',
    space: 'Rom',
    table: 'Bord',
    qrAlt: 'QR-kode til lenkja til plassen din',
  },
  de: {
    subject: 'Ihr Platz in {move}',
    greeting: 'Hallo {name},',
    intro: 'Das ist Ihr Platz nach dem Umzug nach {move}:',
    open: 'Ihren Platz auf dem Grundriss öffnen:',
    scan: 'Oder scannen Sie den Code mit Ihrem Telefon.',
    personal: 'Am Umzugstag Ihre eigene Seite (Ankunft melden, ein Problem an Ihrem Platz melden). Dieser Link gehört nur Ihnen:',
    floor: 'Etage',
    space: 'Raum',
    table: 'Tisch',
    qrAlt: 'QR-Code des Links zu Ihrem Platz',
  },
  da: {
    subject: 'Din plads i {move}',
    greeting: 'Hej {name},',
    intro: 'Dette er din plads efter flytningen til {move}:',
    open: 'Åbn din plads på plantegningen:',
    scan: 'Eller scan koden med din telefon.',
    personal: 'På flyttedagen, din egen side (meld at du er ankommet, meld et problem ved din plads). Linket er kun dit:',
    floor: 'Etage',
    space: 'Rum',
    table: 'Bord',
    qrAlt: 'QR-kode til linket til din plads',
  },
  se: {
    subject: 'Din plats i {move}',
    greeting: 'Hej {name},',
    intro: 'Det här är din plats efter flytten till {move}:',
    open: 'Öppna din plats på planritningen:',
    scan: 'Eller skanna koden med telefonen.',
    personal: 'På flyttdagen, din egen sida (meddela att du har kommit, anmäl ett problem vid din plats). Länken är bara din:',
    floor: 'Våning',
    space: 'Rum',
    table: 'Bord',
    qrAlt: 'QR-kod till länken till din plats',
  },
};
