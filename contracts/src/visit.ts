import * as yup from './yup.ts';
import { emailAddress } from './contactRules.ts';
import { type ContentLocale, contentLocales } from './locales.ts';
import type { FaqQuestion, MoveContact, MoveDetail } from './moveContent.ts';
import type { TimelineSection } from './timeline.ts';
import type { FloorScale, PlanPoint } from './floorScale.ts';
import { messages } from './messages.ts';
import { type AuthorizationScheme, type MoveColors, type MoveImageKind, PASSWORD_MAX } from './move.ts';

/**
 * What the visitor site of a move reads (`/v1/visit/{path}/...`): only what an enabled move publishes.
 * Never staff fields (password hash, team, client contacts, audit fields of the move).
 */
export interface VisitMove {
  path: string;
  /** The location's name: the site's title. */
  name: string;
  languages: ContentLocale[];
  defaultLanguage: ContentLocale;
  authorizationScheme: AuthorizationScheme;
  /** Whether a visitor session is needed for the content (false only when no scheme can be met: no password and no domains). */
  isProtected: boolean;
  colors: MoveColors;
  /** The notice, when switched on: its text in the default language and in others; null otherwise. */
  notice: { text: string; translations: Partial<Record<ContentLocale, string>>; color: string | null } | null;
  hideFloorSelection: boolean;
  /** Per image, its address under the API (with its version as cache-buster), or null. */
  images: Record<MoveImageKind, string | null>;
  /** The move's time zone (its location's country's, IANA): every time the site shows is on its clock (issue 55). */
  timeZone: string;
}

/** A published page in every language it has; the visitor build picks its language, falling back to the default. */
export interface VisitPage {
  id: string;
  position: number;
  translations: { locale: ContentLocale; title: string; content: string }[];
  /** The page's own fallback language, before the move's; absent when the page has none. */
  defaultLanguage?: ContentLocale;
}

/** A timeline section without its audit fields (who on the staff changed it). */
export type VisitTimelineSection = Pick<TimelineSection, 'id' | 'title' | 'date' | 'events' | 'translations'>;

export interface VisitDocument {
  id: string;
  originalFilename: string;
  contentType: string;
  size: number;
  position: number;
  createdAt: string;
}

/** A published question: no audit fields, no publication state. */
export type VisitFaqQuestion = Pick<FaqQuestion, 'id' | 'question' | 'answer' | 'translations'>;
/** A contact the move's team lists for visitors. */
export type VisitContact = Pick<MoveContact, 'id' | 'name' | 'title' | 'phonenumber' | 'email' | 'translations'>;
/** A general-information entry of the move (its details). */
export type VisitDetail = Pick<MoveDetail, 'id' | 'title' | 'description' | 'translations'>;

/** A person on the visitor's floor plan: the name only (no stickers, nothing of the planner). */
export interface VisitPerson {
  id: string;
  name: string;
}

/** A space or a table on a published floor, with who sits there. */
export interface VisitMarker {
  id: string;
  type: 'room' | 'table';
  /** The space number, or the table letter. */
  title: string;
  /** Percent of the image. */
  positionX: number;
  positionY: number;
  openSpace: boolean;
  /** A table: its space's id. */
  spaceId: string | null;
  people: VisitPerson[];
}

/** A published floor: its image (under the visitor routes, by version) and its markers. */
export interface VisitFloor {
  id: string;
  title: string;
  isDefault: boolean;
  image: { url: string; width: number; height: number };
  /** Metres per pixel of the image once the floor is calibrated (issue 50): the scale bar, distances. */
  scale: FloorScale | null;
  /** Where people come onto the floor (percent of the image): a seat's walk is measured from it. */
  entrance: PlanPoint | null;
  markers: VisitMarker[];
}

/** The floor plan of a move's site: published floors sorted like the planner's, and whether visitors choose the floor. */
export interface VisitFloorPlan {
  hideFloorSelection: boolean;
  floors: VisitFloor[];
}

/** What a visitor gets for a question, error report or feedback: the team has it (nothing of the stored item). */
export interface VisitFeedbackReceived {
  received: true;
}

/** A visitor session: a short-lived token the visitor build sends as `Authorization: Bearer …`. */
export interface VisitSession {
  token: string;
  /** ISO timestamp. */
  expiresAt: string;
  /** A movers' pass's session: it opens the floor plans and seat links only, and the site shows nothing else. */
  movers: boolean;
  /** A personal link's session: the person's id (their page, arrival and reports); absent otherwise. */
  personId?: string;
}

/** A move's web app manifest: the visitor site installed on a phone's home screen opens the move's path. */
export interface VisitManifest {
  name: string;
  short_name: string;
  start_url: string;
  scope: string;
  display: 'standalone';
  lang: string;
  theme_color: string;
  background_color: string;
  icons: { src: string; sizes: string; type?: string; purpose?: string }[];
}

/** The answer to a sign-in link request: the same whether or not the address may sign in. */
export interface VisitLinkSent {
  sent: true;
}

export const visitMessages = {
  wrongCredentials: 'The e-mail address or password is wrong',
  wrongPassword: 'The password is wrong',
  linkInvalid: 'This sign-in link is no longer valid: ask for a new one',
  tooMany: 'Too many attempts. Try again in {minutes} minutes.',
  schemeMismatch: 'this move does not sign in this way',
  sessionNeeded: 'sign in to the move first',
} as const;

const v = messages.validation;
const EMAIL_MAX = 254;

/** POST /v1/visit/{path}/session: e-mail with password, password only, or a sign-in link's token. */
export const visitSessionSchema = yup
  .object({
    email: yup.string().trim().max(EMAIL_MAX, `maximum ${EMAIL_MAX} characters`).test(emailAddress(v.invalidEmail)).optional(),
    password: yup.string().max(PASSWORD_MAX, `maximum ${PASSWORD_MAX} characters`).optional().meta({ secret: true }),
    link: yup
      .string()
      .matches(/^[A-Za-z0-9_-]{20,100}$/, { message: 'not a sign-in link', excludeEmptyString: true })
      .optional()
      .meta({ secret: true }),
    /** A movers' pass's token (`/{path}/pass#{token}`). */
    pass: yup
      .string()
      .matches(/^[A-Za-z0-9_-]{20,100}$/, { message: "not a movers' pass", excludeEmptyString: true })
      .optional()
      .meta({ secret: true }),
    /** The personal link's token of a seat letter (`/{path}/me/{token}`): signs the person in as themselves, whatever the scheme. */
    personToken: yup
      .string()
      .matches(/^[A-Za-z0-9_-]{43}$/, { message: 'not a personal link', excludeEmptyString: true })
      .optional()
      .meta({ secret: true }),
  })
  .noUnknown(true, 'unknown field: ${unknown}')
  // One of the ways in, not empty: the test below, said as the document can say it.
  .meta({
    openapi: {
      anyOf: ['password', 'link', 'pass', 'personToken'].map((name) => ({ required: [name], properties: { [name]: { minLength: 1 } } })),
    },
  })
  .test('one-way', "an e-mail with a password, a password, a sign-in link, a movers' pass or a personal link", (value) =>
    Boolean(value && (value.password || value.link || value.pass || value.personToken)),
  );

/** POST /v1/visit/{path}/sign-in-link: the address to send a link to. */
export const visitLinkSchema = yup
  .object({
    email: yup.string().trim().required(v.required).max(EMAIL_MAX, `maximum ${EMAIL_MAX} characters`).test(emailAddress(v.invalidEmail)),
    /** The language the visitor reads the site in: the e-mail is written in it (when the move offers it). */
    language: yup
      .string()
      .oneOf([...contentLocales], 'not a content language')
      .optional(),
  })
  .noUnknown(true, 'unknown field: ${unknown}');

/** How long a sign-in link can be redeemed, and how long a session lasts. */
export const VISIT_LINK_MINUTES = 15;
export const VISIT_SESSION_HOURS = 12;
