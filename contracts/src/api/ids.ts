import type { IdShape } from './contract.ts';

/**
 * The shapes of the ids the API issues. A path parameter is checked against its shape before any
 * handler or store sees it: anything else (a `/`, `?`, `#`, space, or a forged composite) is 404.
 */
const word = '[A-Za-z0-9][A-Za-z0-9-]{0,63}';
const uuid = '[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}';

/** The sizes Microsoft Graph serves profile photos in. */
export const photoSizes = ['48x48', '64x64', '96x96', '120x120', '240x240', '360x360', '432x432', '504x504', '648x648'] as const;

const shape = (name: string, source: string): IdShape => ({ name, pattern: new RegExp(`^${source}$`) });

export const idShapes = {
  /** A document id (UUID or a seeded id of the same alphabet). */
  id: shape('id', word),
  /** A directory user's object id. */
  userId: shape('userId', word),
  /** `{clientId}_{uuid}`: leases and brokering projects carry their client's partition. */
  childOfClient: shape('childOfClient', `${uuid}_${uuid}`),
  /** `{clientId}_{leaseUuid}_{uuid}`: a lease's reminder. */
  grandchildOfClient: shape('grandchildOfClient', `${uuid}_${uuid}_${uuid}`),
  /** `{kind}~{ownerEntityId}~{uuid}`: a timeline section carries its owner. */
  timelineSection: shape('timelineSection', `[a-z]{1,20}~${word}(?:_${word})*~${word}`),
  /** `{clientId}_{locationId}`: a location's move service carries its partition and its location. */
  move: shape('move', `${word}_${word}`),
  /** `{moveId}_{uuid}`: a move page carries its move. */
  movePage: shape('movePage', `${word}_${word}_${uuid}`),
  /** `{moveId}_{uuid}`: an item of one of a move's ordered lists (FAQ question, contact, detail) carries its move. */
  moveItem: shape('moveItem', `${word}_${word}_${uuid}`),
  /** `{moveId}_{uuid}`: a floor, marker or marker user (person) of the planner carries its move. */
  plannerItem: shape('plannerItem', `${word}_${word}_${uuid}`),
  /** A UUID the API made (an editor upload's unguessable id). */
  uuid: shape('uuid', uuid),
  /** A move's visitor-site path (letters, digits, dash, underscore; see moveSchema). */
  movePath: shape('movePath', '[A-Za-z0-9_-]{1,64}'),
  /** One of a move's three images. */
  imageKind: shape('imageKind', '(?:logo|loginlogo|background)'),
  /** Any record's id, for history (each kind's own shape is checked by the handler: another is 404). */
  anyRecord: shape('anyRecord', '[A-Za-z0-9][A-Za-z0-9~_-]{0,299}'),
  /** A Graph photo size such as `120x120`: one of the sizes Graph serves (another is 400). */
  photoSize: { ...shape('photoSize', '[0-9]{1,4}x[0-9]{1,4}'), values: photoSizes },
} as const;

/** Shapes whose ids begin with the id of the client they belong to (they carry its partition). */
const clientFirst: ReadonlySet<string> = new Set(['move', 'movePage', 'moveItem', 'plannerItem', 'childOfClient', 'grandchildOfClient']);

/**
 * The client a path parameter names, where its name or shape says (a `{clientId}`, or an id that carries
 * its client: a move, its items, a lease, a brokering project, a timeline section); else undefined.
 */
export function clientNamedBy(name: string, idShape: IdShape, value: string): string | undefined {
  if (name === 'clientId') return value;
  if (clientFirst.has(idShape.name)) return value.split('_')[0];
  if (idShape.name === 'timelineSection') return value.split('~')[1]?.split('_')[0];
  return undefined;
}

/** Whether a value has the shape. */
export const hasShape = (value: string, idShape: IdShape) => idShape.pattern.test(value);
