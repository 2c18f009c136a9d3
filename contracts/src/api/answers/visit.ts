import { contentLocales } from '../../locales.ts';
import { authorizationSchemes, moveColorKeys, moveImageKinds } from '../../move.ts';
import { timelineEventSchema } from './content.ts';
import { floorScaleSchema, planPointSchema } from './planner.ts';
import { arrayOf, bool, int, nullable, num, object, oneOf, str, translationsOf } from './shape.ts';

/** The answers of the visitor site's routes, beside their types in `visit.ts`. */

const locale = oneOf(...contentLocales);
const each = (keys: readonly string[], value: Record<string, unknown>) => object(Object.fromEntries(keys.map((k) => [k, value])));

export const visitMoveSchema = object({
  path: str,
  name: str,
  languages: arrayOf(locale),
  defaultLanguage: locale,
  authorizationScheme: oneOf(...authorizationSchemes),
  isProtected: bool,
  colors: each(moveColorKeys, nullable(str)),
  notice: nullable(object({ text: str, translations: object({}, Object.fromEntries(contentLocales.map((l) => [l, str]))), color: nullable(str) })),
  hideFloorSelection: bool,
  images: each(moveImageKinds, nullable(str)),
  timeZone: str,
});

export const visitPageSchema = object(
  { id: str, position: int, translations: arrayOf(object({ locale, title: str, content: str })) },
  { defaultLanguage: locale },
);
// The texts in the move's other languages come along: the visitor build picks the visitor's, else the default.
const texts = (...fields: string[]) => ({ translations: translationsOf(contentLocales, fields) });
export const visitTimelineSectionSchema = object({ id: str, title: str, date: str, events: arrayOf(timelineEventSchema) }, texts('title'));
export const visitDocumentSchema = object({ id: str, originalFilename: str, contentType: str, size: int, position: int, createdAt: str });
export const visitFaqQuestionSchema = object({ id: str, question: str, answer: str }, texts('question', 'answer'));
export const visitContactSchema = object({ id: str, name: str, title: nullable(str), phonenumber: nullable(str), email: nullable(str) }, texts('title'));
export const visitDetailSchema = object({ id: str, title: str, description: str }, texts('title', 'description'));

const visitMarkerSchema = object({
  id: str,
  type: oneOf('room', 'table'),
  title: str,
  positionX: num,
  positionY: num,
  openSpace: bool,
  spaceId: nullable(str),
  people: arrayOf(object({ id: str, name: str })),
});

export const visitFloorPlanSchema = object({
  hideFloorSelection: bool,
  floors: arrayOf(
    object({
      id: str,
      title: str,
      isDefault: bool,
      image: object({ url: str, width: num, height: num }),
      scale: nullable(floorScaleSchema),
      entrance: nullable(planPointSchema),
      markers: arrayOf(visitMarkerSchema),
    }),
  ),
});

export const visitFeedbackReceivedSchema = object({ received: { const: true } });
export const visitLinkSentSchema = object({ sent: { const: true } });
export const visitSessionSchema = object({ token: str, expiresAt: str, movers: bool }, { personId: str });

export const visitManifestSchema = object({
  name: str,
  short_name: str,
  start_url: str,
  scope: str,
  display: oneOf('standalone'),
  lang: str,
  theme_color: str,
  background_color: str,
  icons: arrayOf(object({ src: str, sizes: str }, { type: str, purpose: str })),
});
