import * as yup from './yup.ts';
import { idField } from './api/idField.ts';
import { idShapes } from './api/ids.ts';
import type { PersonRef } from './brokering.ts';
import type { Audit } from './entities.ts';
import { type ContentLocale, contentLocales } from './locales.ts';
import { format, messages } from './messages.ts';

/** The three access schemes of a visitor site (decisions.md), written once here. */
export const authorizationSchemes = ['emailPassword', 'email', 'password'] as const;
export type AuthorizationScheme = (typeof authorizationSchemes)[number];
export const authorizationSchemeNames: Record<AuthorizationScheme, string> = {
  emailPassword: 'email with password',
  email: 'email only',
  password: 'password only',
};

/** The six colours of a move, in the settings form's order. */
export const moveColorKeys = ['headingColor', 'backgroundColor', 'primaryColor', 'darkerPrimaryColor', 'secondaryColor', 'darkerSecondaryColor'] as const;
export type MoveColorKey = (typeof moveColorKeys)[number];
export type MoveColors = Record<MoveColorKey, string | null>;
/** Each colour as the settings name it ('primary color'), for the form and its messages. */
export const moveColorNames: Record<MoveColorKey, string> = {
  headingColor: 'heading color',
  backgroundColor: 'background color',
  primaryColor: 'primary color',
  darkerPrimaryColor: 'darker primary color',
  secondaryColor: 'secondary color',
  darkerSecondaryColor: 'darker secondary color',
};

/** The three images of a move. */
export const moveImageKinds = ['logo', 'loginlogo', 'background'] as const;
export type MoveImageKind = (typeof moveImageKinds)[number];

/**
 * Words the site itself uses at its root, so no move can have them as its path (decisions.md): the
 * visitor site of a move lives at `/{path}`.
 */
export const reservedMovePaths = [
  'admin',
  'api',
  'assets',
  'fonts',
  '404',
  'config.json',
  'redirect',
  'redirect.html',
  'index.html',
  'favicon.ico',
  'robots.txt',
  'visit',
  'login',
  'logout',
  'static',
  '.well-known',
];

/** The move service of a location (spec part 2, section 3). The password is never part of it. */
export interface Move extends Partial<Audit> {
  /** `{clientId}_{locationId}`: carries its partition, one per location. */
  id: string;
  clientId: string;
  locationId: string;
  path: string;
  isEnabled: boolean;
  authorizationScheme: AuthorizationScheme;
  whitelistedDomains: string[];
  /** Whether a password is set; the password itself (stored only as a hash) never leaves the API. */
  hasPassword: boolean;
  languages: ContentLocale[];
  defaultLanguage: ContentLocale;
  teamMembers: PersonRef[];
  clientContact: PersonRef[];
  hideFloorSelection: boolean;
  stickersCount: number;
  unassignedPeople: string[];
  /** The notice in the move's default language (the spec's field). */
  notificationText: string;
  /** The notice in the move's other languages, by code; a language without one shows `notificationText`. */
  notificationTranslations: NoticeTranslations;
  notificationColor: string | null;
  showNotification: boolean;
  colors: MoveColors;
  /** Per image, its version (the cache-buster), or null when there is none. */
  images: Record<MoveImageKind, string | null>;
  etag?: string;
}

/** GET /v1/moves/{moveId}: what the planner reads. */
export interface MoveOverview {
  id: string;
  path: string;
  name: string;
  company: string;
  generalInfos: { title: string; content: string };
  language: ContentLocale;
  /** The move's languages (a seat letter is offered in these only). */
  languages: ContentLocale[];
  stickersCount: number;
  /** The move's time zone (its location's country's, IANA): the planner's times are on its clock (issue 55). */
  timeZone: string;
  etag?: string;
}

export interface MoveInput {
  path: string;
  isEnabled: boolean;
  authorizationScheme: AuthorizationScheme;
  whitelistedDomains: string[];
  /** A new password, or null/'' to keep the one set. */
  password: string | null;
  languages: ContentLocale[];
  defaultLanguage: ContentLocale;
  teamMembers: { id: string }[];
  clientContact: { id: string }[];
  hideFloorSelection: boolean;
  notificationText: string;
  notificationTranslations: NoticeTranslations;
  notificationColor: string | null;
  showNotification: boolean;
}

export type NoticeTranslations = Partial<Record<ContentLocale, string>>;

const v = messages.validation;
export const moveMessages = {
  pathCharacters: 'path can be letters numbers dash or underscore',
  pathReserved: 'this path is used by the site itself',
  pathTaken: 'path is already taken',
  defaultLanguage: 'the default language must be one of the languages',
  domain: 'not a domain name',
  color: 'must be a colour as #rrggbb',
  passwordRequired: 'a password is required unless the scheme is email only',
  alreadyExists: 'the location already has a move service',
} as const;

export const HEX_COLOR = /^#[0-9a-fA-F]{6}$/;
const DOMAIN = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i;
/** The schema's own domain rule, for a form that checks each entry as it is added. */
export const isDomain = (value: string) => DOMAIN.test(value.trim());
export const PATH_MAX = 64;
export const PASSWORD_MAX = 200;
export const NOTIFICATION_MAX = 300;
export const STICKERS_MAX = 999;

const personRef = yup.object({ id: idField(idShapes.userId).required(v.required) }).noUnknown(true, 'unknown field: ${unknown}');
const locale = yup.string().oneOf([...contentLocales], v.pleaseSelect);
const noticeText = () => yup.string().trim().max(NOTIFICATION_MAX, `maximum ${NOTIFICATION_MAX} characters`);

/** The move form (spec part 2, section 5), on the server and in the form. */
export const moveSchema = yup
  .object({
    path: yup
      .string()
      .trim()
      .required(v.required)
      .max(PATH_MAX, `maximum ${PATH_MAX} characters`)
      .matches(/^[A-Za-z0-9_-]+$/, { message: moveMessages.pathCharacters, excludeEmptyString: true })
      .test('reserved', moveMessages.pathReserved, (p) => !p || !reservedMovePaths.includes(p.toLowerCase()))
      .meta({ rule: `not one of ${reservedMovePaths.join(', ')} in any case (400), nor another move's path (409)` }),
    isEnabled: yup.boolean().default(false),
    authorizationScheme: yup
      .string()
      .oneOf([...authorizationSchemes], v.pleaseSelect)
      .required(v.required),
    whitelistedDomains: yup
      .array(yup.string().trim().required(v.required).matches(DOMAIN, moveMessages.domain))
      .default([])
      // Password only needs no domains; the other schemes at least one.
      .when('authorizationScheme', ([scheme], s) => (scheme === 'password' ? s : s.min(1, format(v.minimum, { minimum: 1 })).required(v.required)))
      .meta({ rule: 'at least one unless authorizationScheme is password, else 400' }),
    password: yup
      .string()
      .max(PASSWORD_MAX, `maximum ${PASSWORD_MAX} characters`)
      .nullable()
      .default(null)
      .meta({
        secret: true,
        rule: `needed unless authorizationScheme is email (or a password is stored already), else 400 '${moveMessages.passwordRequired}'`,
      }),
    languages: yup
      .array(locale.required())
      .min(1, format(v.minimum, { minimum: 1 }))
      .required(v.required)
      .test('unique', 'each language once', (list) => !list || new Set(list).size === list.length)
      .meta({ openapi: { uniqueItems: true } }),
    defaultLanguage: locale
      .required(v.required)
      .test('in-languages', moveMessages.defaultLanguage, function (value) {
        const languages = (this.parent.languages as string[] | undefined) ?? [];
        return !value || languages.includes(value);
      })
      .meta({ rule: `one of languages, else 400 '${moveMessages.defaultLanguage}'` }),
    teamMembers: yup
      .array(personRef.required())
      .max(100)
      .default([])
      .meta({ rule: "Internal users of the directory (GET /v1/users), else 400 'please select'" }),
    clientContact: yup
      .array(personRef.required())
      .max(100)
      .default([])
      .meta({ rule: "External users of the move's client (GET /v1/users/external?client=), else 400 'please select'" }),
    hideFloorSelection: yup.boolean().default(false),
    notificationText: noticeText().default(''),
    notificationTranslations: yup
      .object(Object.fromEntries(contentLocales.map((code) => [code, noticeText().optional()])))
      .noUnknown(true, 'unknown language: ${unknown}')
      .default({}),
    notificationColor: yup.string().matches(HEX_COLOR, { message: moveMessages.color, excludeEmptyString: true }).nullable().default(null),
    showNotification: yup.boolean().default(false),
  })
  .noUnknown(true, 'unknown field: ${unknown}')
  // whitelistedDomains' rule, as a schema says it.
  .meta({
    openapi: {
      if: { required: ['authorizationScheme'], properties: { authorizationScheme: { not: { const: 'password' } } } },
      // biome-ignore lint/suspicious/noThenProperty: JSON Schema's if/then keyword, not a thenable
      then: { required: ['whitelistedDomains'], properties: { whitelistedDomains: { minItems: 1 } } },
    },
  });

/** PATCH /v1/moves/{moveId}: the planner's sticker default, or the unassigned people. */
export const movePatchSchema = yup
  .object({
    stickersCount: yup.number().integer('must be a whole number').min(0, v.notNegative).max(STICKERS_MAX, `maximum ${STICKERS_MAX}`).optional(),
    unassignedPeople: yup.array(yup.string().trim().max(200).required(v.required)).max(5000).optional(),
  })
  .noUnknown(true, 'unknown field: ${unknown}')
  .meta({ openapi: { minProperties: 1 } })
  .test(
    'not-empty',
    'nothing to update',
    (value) => value !== undefined && Object.keys(value).some((k) => (value as Record<string, unknown>)[k] !== undefined),
  );

/** POST/PUT /v1/colors: one colour of a move; an empty value clears it. */
export const colorSchema = yup
  .object({
    moveId: idField(idShapes.move).required(v.required),
    ...Object.fromEntries(
      moveColorKeys.map((k) => [k, yup.string().matches(HEX_COLOR, { message: moveMessages.color, excludeEmptyString: true }).nullable().optional()]),
    ),
  })
  .noUnknown(true, 'unknown field: ${unknown}');

export type ColorInput = { moveId: string } & Partial<Record<MoveColorKey, string | null>>;
