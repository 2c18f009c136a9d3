import type { ReportCategory, ReportStatus, SeatState } from '@movers/contracts';

/**
 * The words of the seat states and of the wall, in the board's two languages. What is counted is said
 * (issue 55): the totals are people with a seat, as on the board; the legend's counts are seats. Kept apart from the board's
 * words so the wall link's page (no sign-in) takes only these.
 */
const en = {
  states: { expected: 'expected', arrived: 'arrived', reported: 'open report', resolved: 'report resolved' } as Record<SeatState, string>,
  legend: 'seats by state',
  arrivedOf: 'arrived {arrived} of {expected} people with a seat',
  floor: 'floor {floor}',
  floorCounts: 'floor {floor}: arrived {arrived} of {expected} people',
  figuresFrom: 'Figures from {time} ({zone})',
  offline: 'no connection: trying again',
  waiting: 'Waiting for the first figures…',
  newestReports: 'newest reports',
  noOpenReports: 'No open reports.',
  floorsShown: 'floors {from}–{to} of {count}, in turn',
  plan: 'plan of floor {floor}',
  wall: 'move day on the wall',
  exitWall: 'leave wall mode (Esc)',
  categories: {
    furniture: 'furniture',
    it: 'IT and equipment',
    boxes: 'missing or damaged boxes',
    cleaning: 'cleaning and facility',
    wrongSeat: 'wrong seat',
    other: 'other',
  } as Record<ReportCategory, string>,
  statuses: { new: 'new', inProgress: 'in progress', resolved: 'resolved' } as Record<ReportStatus, string>,
};
export type WallText = typeof en;

const no: WallText = {
  states: { expected: 'ventet', arrived: 'kommet', reported: 'åpen melding', resolved: 'melding løst' },
  legend: 'plasser etter status',
  arrivedOf: '{arrived} av {expected} personer med plass har kommet',
  floor: 'etasje {floor}',
  floorCounts: 'etasje {floor}: {arrived} av {expected} personer har kommet',
  figuresFrom: 'Tall fra {time} ({zone})',
  offline: 'ingen forbindelse: prøver igjen',
  waiting: 'Venter på de første tallene …',
  newestReports: 'nyeste meldinger',
  noOpenReports: 'Ingen åpne meldinger.',
  floorsShown: 'etasje {from}–{to} av {count}, etter tur',
  plan: 'plan over etasje {floor}',
  wall: 'flyttedagen på veggen',
  exitWall: 'gå ut av veggvisning (Esc)',
  categories: {
    furniture: 'møbler',
    it: 'IT og utstyr',
    boxes: 'manglende eller skadde esker',
    cleaning: 'renhold og bygg',
    wrongSeat: 'feil plass',
    other: 'annet',
  },
  statuses: { new: 'ny', inProgress: 'under arbeid', resolved: 'løst' },
};

export const wallTexts: Record<'en' | 'no', WallText> = { en, no };

/** Fills `{name}` places in a text. */
export const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{(\w+)\}/g, (all, key: string) => (key in values ? String(values[key]) : all));
