/**
 * Every Cosmos DB container the app uses, with its partition key. This list is the single source for
 * the data layer (which creates missing containers locally), the infrastructure program (which creates
 * them in Azure) and the README's table. It imports nothing so that infra/ can read it as it is.
 */
export interface ContainerDefinition {
  /** Container id in the database. */
  id: string;
  /** Partition key path. Queries name this key in their WHERE clause. */
  partitionKey: string;
  /** What lives here, for the README and for people reading the portal's data. */
  holds: string;
  /** Unique keys within one partition, if any. */
  uniqueKeys?: string[][];
  /** Documents may carry `ttl` (seconds) and are removed after it (Cosmos time to live; -1 = on, no default). */
  timeToLive?: boolean;
  /**
   * Also holds the history of its records (type 'history', one entry per change, in the record's partition,
   * written in one transactional batch with the record: platform/history). Implies timeToLive (the entries' `ttl`).
   */
  history?: true;
}

export const DATABASE_ID_DEFAULT = 'movers';

export const containers = {
  countries: { id: 'countries', partitionKey: '/id', holds: 'countries (ISO 3166-1 alpha-2 ids)' },
  clients: { id: 'clients', partitionKey: '/id', holds: 'client companies with their location counts' },
  locations: { id: 'locations', history: true, timeToLive: true, partitionKey: '/clientId', holds: "a client's locations" },
  userProfiles: {
    id: 'userProfiles',
    partitionKey: '/id',
    holds: "the portal's own profile per directory user: external state and assigned client",
  },
  brokerings: { id: 'brokerings', history: true, timeToLive: true, partitionKey: '/clientId', holds: "a client's brokering projects" },
  leases: {
    id: 'leases',
    history: true,
    timeToLive: true,
    partitionKey: '/clientId',
    holds: "a client's leases and their reminders (type 'lease' or 'reminder'), one partition per client",
  },
  timelineSections: {
    id: 'timelineSections',
    history: true,
    timeToLive: true,
    partitionKey: '/ownerId',
    holds: 'timeline sections with their events, owned by a brokering project or a move',
  },
  moves: {
    id: 'moves',
    history: true,
    timeToLive: true,
    partitionKey: '/clientId',
    holds: "a client's move services (type 'move', id `{clientId}_{locationId}`), their colours (type 'colors') and movers' passes (type 'moversPass')",
  },
  movePaths: {
    id: 'movePaths',
    partitionKey: '/id',
    holds: "each move's visitor-site path (id = the path in lower case): the store keeps paths unique",
  },
  templates: {
    id: 'templates',
    partitionKey: '/group',
    holds: "every template (type 'template') and their order (one document of type 'order'), all in the partition group = 'templates'",
  },
  movePages: {
    id: 'movePages',
    history: true,
    timeToLive: true,
    partitionKey: '/moveId',
    holds: "a move's pages (type 'page', id `{moveId}_{uuid}`) and their order (id '_order')",
  },
  moveDocuments: {
    id: 'moveDocuments',
    partitionKey: '/moveId',
    holds: "a move's documents (type 'document'; the file in the blob container move-documents) and their order (id '_order')",
  },
  faqQuestions: {
    id: 'faqQuestions',
    history: true,
    timeToLive: true,
    partitionKey: '/moveId',
    holds: "a move's FAQ (type 'faq', id `{moveId}_{uuid}`) and their order (id '_order')",
  },
  moveContacts: {
    id: 'moveContacts',
    history: true,
    timeToLive: true,
    partitionKey: '/moveId',
    holds: "a move's contacts (type 'contact', id `{moveId}_{uuid}`) and their order (id '_order')",
  },
  moveDetails: {
    id: 'moveDetails',
    history: true,
    timeToLive: true,
    partitionKey: '/moveId',
    holds: "a move's details (type 'detail', id `{moveId}_{uuid}`) and their order (id '_order')",
  },
  feedback: {
    id: 'feedback',
    partitionKey: '/moveId',
    holds: "a move's feedback inbox: questions, feedback and error reports (id `{moveId}_{uuid}`) with their answers",
  },
  planner: {
    id: 'planner',
    history: true,
    timeToLive: true,
    partitionKey: '/moveId',
    holds:
      "a move's floor-plan planner: floors (type 'floor'), spaces and tables (type 'marker'), people (type 'person', one document each with an optional marker), the default floor ('_default') and the allocation version ('_allocation'), the move's waves (type 'wave', issue 48) with their order ('_order') and name claims ('_wavename_…'); ids `{moveId}_{uuid}`",
  },
  seatLetters: {
    id: 'seatLetters',
    partitionKey: '/moveId',
    holds: "each person's seat letter (id `{personId}`, one per person): its state, the seat it named and when it was sent",
  },
  moveDay: {
    id: 'moveDay',
    partitionKey: '/moveId',
    holds:
      "a move's day: each person's arrival (type 'arrival', id `arrival_{personId}`, one per person) and their reports (type 'report', id `{moveId}_{uuid}`; the photo in the blob container move-day-photos); the wall links (type 'wallLink', id `{moveId}_{uuid}`, the token's hash only)",
  },
  idempotencyKeys: {
    id: 'idempotencyKeys',
    partitionKey: '/id',
    holds: 'the answer to each create per user and Idempotency-Key, for 24 hours',
    timeToLive: true,
  },
  rateLimits: {
    id: 'rateLimits',
    partitionKey: '/id',
    holds:
      'attempt counters per key and time window (sign-in failures, sign-in link requests, form posts), shared by every API instance; removed after their window',
    timeToLive: true,
  },
  visitLinks: {
    id: 'visitLinks',
    partitionKey: '/id',
    holds: 'single-use visitor sign-in links (id = a hash of the link), for 15 minutes',
    timeToLive: true,
  },
} as const satisfies Record<string, ContainerDefinition>;

export type ContainerKey = keyof typeof containers;

export const containerList: ContainerDefinition[] = Object.values(containers);

/** Blob containers, created when missing locally and by infra/ in Azure. */
export const blobContainers = {
  moveImages: 'move-images',
  floorPlans: 'floor-plans',
  moveDocuments: 'move-documents',
  /**
   * A large document's blocks as the browser puts them (`{moveId}/{uploadId}`): the only place a browser
   * writes to, never served; the commit copies a checked file from here into 'move-documents'.
   */
  documentUploads: 'document-uploads',
  editorUploads: 'editor-uploads',
  moveDayPhotos: 'move-day-photos',
} as const;

export const blobContainerList: string[] = Object.values(blobContainers);

/**
 * The only containers a browser may write to (with a SAS): staging, whose blobs are never served
 * (`writeOnlyBlobUrl` refuses any other). A file is served only from a container the API alone writes.
 */
export const browserWritableContainers: readonly string[] = [blobContainers.documentUploads];
