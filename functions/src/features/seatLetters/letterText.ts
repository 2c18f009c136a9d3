import type { ContentLocale } from '@movers/contracts';

/**
 * The seat letter's text in the six content languages, like the rest of the move's translated content:
 * `{name}`, `{move}` and `{link}` are filled in (and escaped) when a letter is made.
 */
export interface LetterText {
  subject: string;
  greeting: string;
  intro: string;
  /** The seat link's words (the link itself is never shown: an address with an id means nothing to a reader). */
  open: string;
  scan: string;
  /** Before the personal link: the person's own page on move day (arrival, reports). Keep it to yourself. */
  personal: string;
  /** The personal link's words (a raw address of its length runs off a phone's screen). */
  personalOpen: string;
  floor: string;
  space: string;
  table: string;
  qrAlt: string;
  /**
   * A correction (issue 45): the letter that replaces an earlier one because the seat changed. Its subject
   * and first line say so; `{from}` and `{to}` are the earlier letter's seat and the new one.
   */
  correction: {
    subject: string;
    notice: string;
    change: string;
    noLongerApplies: string;
    /** The subject when only the person's wave changed (their seat is the same). */
    waveSubject: string;
    /** `{from}` and `{to}`: the earlier letter's wave and the new one ('none' when there is none). */
    waveChange: string;
    /**
     * Before the times that changed (issue 55), each as '{label}: {from} → {to}' with the wave's labels and
     * `day`; `notSet` for a time the wave no longer (or did not yet) have.
     */
    timesChanged: string;
    day: string;
    notSet: string;
  };
  /** The person's wave (issue 48): `{wave}` its name; the times follow, then the time zone (`{zone}`). */
  wave: { heading: string; packBy: string; pickUp: string; arrival: string; zone: string; none: string };
}

export const letterTexts: Record<ContentLocale, LetterText> = {
  en: {
    subject: 'Your seat at {move}',
    greeting: 'Hello {name},',
    intro: 'This is your seat after the move to {move}:',
    open: 'Open your seat on the floor plan',
    scan: 'Or scan the code with your phone.',
    personal: 'On move day, your own page (say you have arrived, report a problem at your seat). This link is yours alone:',
    personalOpen: 'Open your own page',
    floor: 'Floor',
    space: 'Space',
    table: 'Table',
    qrAlt: 'QR code of your seat link',
    correction: {
      subject: 'Correction: your new seat at {move} (replaces the earlier letter)',
      notice: 'This letter replaces the seat letter we sent you earlier.',
      change: 'Your seat has changed: {from} → {to}',
      noLongerApplies:
        'The earlier letter no longer applies: its link to your own page no longer works, and labels printed with your old seat are no longer valid.',
      waveSubject: 'Correction: your moving times at {move} (replaces the earlier letter)',
      waveChange: 'Your move wave has changed: {from} → {to}',
      timesChanged: 'Your moving times have changed:',
      day: 'Moving day',
      notSet: 'not set',
    },
    wave: {
      heading: 'Your move wave: {wave}',
      packBy: 'Have your crates packed by',
      pickUp: 'The movers take your desk',
      arrival: 'Arrive at your new seat',
      zone: 'Times are local time ({zone}).',
      none: 'no wave',
    },
  },
  no: {
    subject: 'Din plass i {move}',
    greeting: 'Hei {name},',
    intro: 'Dette er plassen din etter flyttingen til {move}:',
    open: 'Åpne plassen din på plantegningen',
    scan: 'Eller skann koden med telefonen.',
    personal: 'På flyttedagen, din egen side (si fra at du er kommet, meld fra om feil ved plassen din). Lenken er bare din:',
    personalOpen: 'Åpne din egen side',
    floor: 'Etasje',
    space: 'Rom',
    table: 'Bord',
    qrAlt: 'QR-kode til lenken til plassen din',
    correction: {
      subject: 'Rettelse: din nye plass i {move} (erstatter det forrige brevet)',
      notice: 'Dette brevet erstatter plassbrevet vi sendte deg tidligere.',
      change: 'Plassen din er endret: {from} → {to}',
      noLongerApplies:
        'Det forrige brevet gjelder ikke lenger: lenken til din egen side i det virker ikke lenger, og etiketter skrevet ut med den gamle plassen din er ikke lenger gyldige.',
      waveSubject: 'Rettelse: dine flyttetider i {move} (erstatter det forrige brevet)',
      waveChange: 'Flyttebølgen din er endret: {from} → {to}',
      timesChanged: 'Flyttetidene dine er endret:',
      day: 'Flyttedag',
      notSet: 'ikke satt',
    },
    wave: {
      heading: 'Flyttebølgen din: {wave}',
      packBy: 'Ha kassene dine pakket innen',
      pickUp: 'Flytterne henter plassen din',
      arrival: 'Møt på den nye plassen din',
      zone: 'Tidene er lokal tid ({zone}).',
      none: 'ingen bølge',
    },
  },
  nn: {
    subject: 'Plassen din i {move}',
    greeting: 'Hei {name},',
    intro: 'Dette er plassen din etter flyttinga til {move}:',
    open: 'Opne plassen din på plateikninga',
    scan: 'Eller skann koden med telefonen.',
    personal: 'På flyttedagen, di eiga side (sei frå at du er komen, meld frå om feil ved plassen din). Lenkja er berre di:',
    personalOpen: 'Opne di eiga side',
    floor: 'Etasje',
    space: 'Rom',
    table: 'Bord',
    qrAlt: 'QR-kode til lenkja til plassen din',
    correction: {
      subject: 'Retting: den nye plassen din i {move} (erstattar det førre brevet)',
      notice: 'Dette brevet erstattar plassbrevet vi sende deg tidlegare.',
      change: 'Plassen din er endra: {from} → {to}',
      noLongerApplies:
        'Det førre brevet gjeld ikkje lenger: lenkja til di eiga side i det verkar ikkje lenger, og etikettar skrivne ut med den gamle plassen din er ikkje lenger gyldige.',
      waveSubject: 'Retting: flyttetidene dine i {move} (erstattar det førre brevet)',
      waveChange: 'Flyttebølgja di er endra: {from} → {to}',
      timesChanged: 'Flyttetidene dine er endra:',
      day: 'Flyttedag',
      notSet: 'ikkje sett',
    },
    wave: {
      heading: 'Flyttebølgja di: {wave}',
      packBy: 'Ha kassane dine pakka innan',
      pickUp: 'Flyttarane hentar plassen din',
      arrival: 'Møt på den nye plassen din',
      zone: 'Tidene er lokal tid ({zone}).',
      none: 'inga bølgje',
    },
  },
  de: {
    subject: 'Ihr Platz in {move}',
    greeting: 'Hallo {name},',
    intro: 'Das ist Ihr Platz nach dem Umzug nach {move}:',
    open: 'Ihren Platz auf dem Grundriss öffnen',
    scan: 'Oder scannen Sie den Code mit Ihrem Telefon.',
    personal: 'Am Umzugstag Ihre eigene Seite (Ankunft melden, ein Problem an Ihrem Platz melden). Dieser Link gehört nur Ihnen:',
    personalOpen: 'Ihre eigene Seite öffnen',
    floor: 'Etage',
    space: 'Raum',
    table: 'Tisch',
    qrAlt: 'QR-Code des Links zu Ihrem Platz',
    correction: {
      subject: 'Berichtigung: Ihr neuer Platz in {move} (ersetzt den früheren Brief)',
      notice: 'Dieser Brief ersetzt den Platzbrief, den wir Ihnen zuvor geschickt haben.',
      change: 'Ihr Platz hat sich geändert: {from} → {to}',
      noLongerApplies:
        'Der frühere Brief gilt nicht mehr: Sein Link zu Ihrer eigenen Seite funktioniert nicht mehr, und Etiketten, die mit Ihrem alten Platz gedruckt wurden, sind ungültig.',
      waveSubject: 'Berichtigung: Ihre Umzugszeiten in {move} (ersetzt den früheren Brief)',
      waveChange: 'Ihre Umzugswelle hat sich geändert: {from} → {to}',
      timesChanged: 'Ihre Umzugszeiten haben sich geändert:',
      day: 'Umzugstag',
      notSet: 'nicht festgelegt',
    },
    wave: {
      heading: 'Ihre Umzugswelle: {wave}',
      packBy: 'Ihre Kisten gepackt bis',
      pickUp: 'Die Umzugsfirma holt Ihren Arbeitsplatz ab',
      arrival: 'Kommen Sie an Ihren neuen Platz',
      zone: 'Die Zeiten sind Ortszeit ({zone}).',
      none: 'keine Welle',
    },
  },
  da: {
    subject: 'Din plads i {move}',
    greeting: 'Hej {name},',
    intro: 'Dette er din plads efter flytningen til {move}:',
    open: 'Åbn din plads på plantegningen',
    scan: 'Eller scan koden med din telefon.',
    personal: 'På flyttedagen, din egen side (meld at du er ankommet, meld et problem ved din plads). Linket er kun dit:',
    personalOpen: 'Åbn din egen side',
    floor: 'Etage',
    space: 'Rum',
    table: 'Bord',
    qrAlt: 'QR-kode til linket til din plads',
    correction: {
      subject: 'Rettelse: din nye plads i {move} (erstatter det tidligere brev)',
      notice: 'Dette brev erstatter det pladsbrev, vi sendte dig tidligere.',
      change: 'Din plads er ændret: {from} → {to}',
      noLongerApplies:
        'Det tidligere brev gælder ikke længere: dets link til din egen side virker ikke længere, og etiketter udskrevet med din gamle plads er ikke længere gyldige.',
      waveSubject: 'Rettelse: dine flyttetider i {move} (erstatter det tidligere brev)',
      waveChange: 'Din flyttebølge er ændret: {from} → {to}',
      timesChanged: 'Dine flyttetider er ændret:',
      day: 'Flyttedag',
      notSet: 'ikke fastsat',
    },
    wave: {
      heading: 'Din flyttebølge: {wave}',
      packBy: 'Hav dine kasser pakket senest',
      pickUp: 'Flyttefolkene henter din plads',
      arrival: 'Mød op på din nye plads',
      zone: 'Tiderne er lokal tid ({zone}).',
      none: 'ingen bølge',
    },
  },
  se: {
    subject: 'Din plats i {move}',
    greeting: 'Hej {name},',
    intro: 'Det här är din plats efter flytten till {move}:',
    open: 'Öppna din plats på planritningen',
    scan: 'Eller skanna koden med telefonen.',
    personal: 'På flyttdagen, din egen sida (meddela att du har kommit, anmäl ett problem vid din plats). Länken är bara din:',
    personalOpen: 'Öppna din egen sida',
    floor: 'Våning',
    space: 'Rum',
    table: 'Bord',
    qrAlt: 'QR-kod till länken till din plats',
    correction: {
      subject: 'Rättelse: din nya plats i {move} (ersätter det tidigare brevet)',
      notice: 'Det här brevet ersätter platsbrevet vi skickade till dig tidigare.',
      change: 'Din plats har ändrats: {from} → {to}',
      noLongerApplies:
        'Det tidigare brevet gäller inte längre: dess länk till din egen sida fungerar inte längre, och etiketter utskrivna med din gamla plats gäller inte längre.',
      waveSubject: 'Rättelse: dina flyttider i {move} (ersätter det tidigare brevet)',
      waveChange: 'Din flyttvåg har ändrats: {from} → {to}',
      timesChanged: 'Dina flyttider har ändrats:',
      day: 'Flyttdag',
      notSet: 'inte satt',
    },
    wave: {
      heading: 'Din flyttvåg: {wave}',
      packBy: 'Ha dina lådor packade senast',
      pickUp: 'Flyttarna hämtar din plats',
      arrival: 'Kom till din nya plats',
      zone: 'Tiderna är lokal tid ({zone}).',
      none: 'ingen våg',
    },
  },
};
