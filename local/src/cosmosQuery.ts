import { createRequire } from 'node:module';

/*
 * The emulator's queries, made to cost what they cost in Cosmos: a query over one partition in proportion to
 * that partition, not to the container (a point read already costs the same whatever the container holds).
 *
 * @vercel/cosmosdb-server hands its query engine, @zeit/cosmosdb-query, every document of the container for
 * every query, and the engine's compiled query copies the array it builds once per document
 * (`$c.reduce(($, c) => [...$, { c }], [])`): a query cost the square of everything stored in the container,
 * whatever it selected (15,000 documents: 19 s). And the SDK asks for a query plan before each query (it only
 * uses it when the query itself fails), which the server answered by running the query. So here:
 *
 * - the engine's compiled code appends in place (`$.push`) instead of copying, and its `stripUndefined` of a
 *   result is linear too: the same results in the same order, in linear time;
 * - the container's documents are kept indexed by partition key value (beside the server's own map, in the
 *   same order), and a query is given only one partition's documents when it names one: by the
 *   `x-ms-documentdb-partitionkey` header (the SDK's `partitionKey` option; the server ignored it, so such a
 *   query returned other partitions' documents, which Cosmos never does) or by its own filter
 *   (`WHERE c.<partition key> = <value> AND …`, how the app's queries name their partition): no other
 *   partition's document can satisfy that filter, so the result is the one the whole container gives;
 * - a query plan request is checked as before (syntax, the partition filter) but no longer runs the query.
 *
 * Cross-partition queries still see every document, sorted, paged (`x-ms-max-item-count`, continuation) and
 * aggregated by the same engine code as before.
 */

const require = createRequire(import.meta.url);
// The server's copies of its modules (an ESM import may load another).
const serverRequire = createRequire(require.resolve('@vercel/cosmosdb-server'));

interface BabelNode {
  type: string;
  [key: string]: unknown;
}

// ---- The engine: linear instead of quadratic --------------------------------------------------------

const identifier = (node: unknown, name: string) => (node as BabelNode | undefined)?.type === 'Identifier' && (node as { name: string }).name === name;
const isSpreadOfAccumulator = (node: unknown) =>
  (node as BabelNode | undefined)?.type === 'SpreadElement' && identifier((node as { argument: unknown }).argument, '$');

/** `[...$, x]` → `($.push(x), $)`; `[...$, ...xs]` → `(xs.forEach(($e) => { $.push($e); }), $)`; else undefined. */
function appendInPlace(body: unknown): BabelNode | undefined {
  const array = body as { type: string; elements: BabelNode[] };
  if (array?.type !== 'ArrayExpression' || array.elements.length !== 2 || !isSpreadOfAccumulator(array.elements[0])) return undefined;
  const accumulator = { type: 'Identifier', name: '$' };
  const push = (argument: BabelNode) => ({
    type: 'CallExpression',
    callee: { type: 'MemberExpression', object: accumulator, property: { type: 'Identifier', name: 'push' }, computed: false },
    arguments: [argument],
  });
  const added = array.elements[1];
  const step =
    added.type === 'SpreadElement'
      ? {
          type: 'CallExpression',
          callee: { type: 'MemberExpression', object: added.argument, property: { type: 'Identifier', name: 'forEach' }, computed: false },
          arguments: [
            {
              type: 'ArrowFunctionExpression',
              params: [{ type: 'Identifier', name: '$e' }],
              body: { type: 'BlockStatement', body: [{ type: 'ExpressionStatement', expression: push({ type: 'Identifier', name: '$e' }) }], directives: [] },
            },
          ],
        }
      : push(added);
  return { type: 'SequenceExpression', expressions: [step, accumulator] };
}

/**
 * Rewrites the reducers the engine's transformer makes for FROM and JOIN (`transformer.js`,
 * `from_specification`): `($, doc) => [...$, x]`, `($, doc) => [...$, ...xs]` and
 * `($, doc) => test ? [...$, x] : $`. Each reduce starts from a new `[]`, so appending to it is safe.
 */
export function linearReducers(node: unknown): void {
  if (!node || typeof node !== 'object') return;
  if (Array.isArray(node)) {
    for (const child of node) linearReducers(child);
    return;
  }
  const n = node as BabelNode & { params?: unknown[]; body?: BabelNode };
  if (n.type === 'ArrowFunctionExpression' && identifier(n.params?.[0], '$') && n.body) {
    const direct = appendInPlace(n.body);
    if (direct) n.body = direct;
    else if (n.body.type === 'ConditionalExpression' && identifier(n.body.alternate, '$')) {
      const consequent = appendInPlace(n.body.consequent);
      if (consequent) n.body.consequent = consequent;
    }
  }
  for (const value of Object.values(n)) if (value && typeof value === 'object') linearReducers(value);
}

const transformer = serverRequire('@zeit/cosmosdb-query/lib/transformer') as { default: (ast: unknown) => unknown; linear?: true };
if (!transformer.linear) {
  const transform = transformer.default;
  transformer.default = (ast) => {
    const js = transform(ast);
    linearReducers(js);
    return js;
  };
  transformer.linear = true;
}

const helpers = serverRequire('@zeit/cosmosdb-query/lib/helpers') as { stripUndefined: (value: unknown) => unknown };
/** As the engine's own (undefined left out of arrays and objects, unlike JSON), without copying the array per element. */
helpers.stripUndefined = function stripUndefined(value: unknown): unknown {
  if (Array.isArray(value)) {
    const out: unknown[] = [];
    for (const item of value) if (typeof item !== 'undefined') out.push(stripUndefined(item));
    return out;
  }
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) if (typeof item !== 'undefined') out[key] = stripUndefined(item);
    return out;
  }
  return value;
};

// ---- The documents, indexed by partition key value --------------------------------------------------

interface StoredItem {
  read(): (Record<string, unknown> & { _rid: string; id: string }) | undefined;
}
interface QueryResult {
  result: unknown[];
  continuation: unknown;
}
interface Query {
  ast: { body?: { from?: unknown; where?: { condition?: unknown } } };
  readonly code: string;
  exec(documents: unknown[], options: Record<string, unknown>): QueryResult;
  containsPartitionKeys(paths: string[]): boolean;
}
interface DocumentsInstance {
  _data: Map<string, StoredItem>;
  _parent: { read(): Record<string, unknown> | undefined };
  _item(keyPath: string, value: unknown, partition: unknown): StoredItem;
  _getPartition(data: unknown): unknown;
  _getPartitionKeyPath(): string[];
  _getQuery(sql: string): Query;
  _userDefinedFunctions(): unknown;
}
interface QueryBody {
  query: string;
  parameters?: { name: string; value: unknown }[];
}
type ScopedQuery = (params: QueryBody, options: { maxItemCount?: number | null; continuation?: unknown }, scope?: PartitionScope) => QueryResult | null;
/** One partition: `{ partition: value }` (`undefined` is the partition of documents without the key). */
export interface PartitionScope {
  partition: unknown;
}

const Documents = (serverRequire('@vercel/cosmosdb-server/lib/account/documents') as { default: { prototype: Record<string, unknown> } }).default;
const Items = (serverRequire('@vercel/cosmosdb-server/lib/account/items') as { default: { prototype: Record<string, (...args: unknown[]) => unknown> } })
  .default;

/** rid → item per partition value, in the order of the server's own `_data` (a replace deletes and sets, moving it last). */
class PartitionIndex {
  readonly byPartition = new Map<unknown, Map<string, StoredItem>>();
  private readonly partitionOfRid = new Map<string, unknown>();

  put(rid: string, item: StoredItem, partition: unknown): void {
    const before = this.partitionOfRid.get(rid);
    if (this.partitionOfRid.has(rid) && before !== partition) this.remove(rid);
    const items = this.byPartition.get(partition) ?? new Map<string, StoredItem>();
    this.byPartition.set(partition, items);
    items.set(rid, item);
    this.partitionOfRid.set(rid, partition);
  }

  remove(rid: string): void {
    if (!this.partitionOfRid.has(rid)) return;
    const partition = this.partitionOfRid.get(rid);
    const items = this.byPartition.get(partition);
    items?.delete(rid);
    if (items?.size === 0) this.byPartition.delete(partition);
    this.partitionOfRid.delete(rid);
  }
}

const indexes = new WeakMap<object, PartitionIndex>();
const indexOf = (documents: DocumentsInstance) => {
  const index = indexes.get(documents) ?? new PartitionIndex();
  indexes.set(documents, index);
  return index;
};

/** The documents of one partition, as the server's query would have seen them (its `_data` filtered). */
export function partitionDocuments(documents: DocumentsInstance, scope: PartitionScope): Record<string, unknown>[] {
  return [...(indexOf(documents).byPartition.get(scope.partition)?.values() ?? [])].map((item) => item.read()!);
}

// `_set` and `delete` are the only writers of the server's `_data` (create, replace, upsert, patch and the
// atomic batch's undo all go through them).
const set = Items.prototype._set;
Documents.prototype._set = function (this: DocumentsInstance, data: { _rid: string }) {
  const result = set.call(this, data);
  indexOf(this).put(data._rid, this._data.get(data._rid)!, this._getPartition(data));
  return result;
};
const remove = Items.prototype.delete;
Documents.prototype.delete = function (this: DocumentsInstance, idOrRid: string, partition: unknown) {
  const data = this._item('/id', idOrRid, partition).read();
  remove.call(this, idOrRid, partition);
  if (data) indexOf(this).remove(data._rid);
};

/** As the server's `Items.query`, over one partition's documents when `scope` names one. */
Documents.prototype.query = function (
  this: DocumentsInstance,
  params: QueryBody,
  { maxItemCount, continuation }: { maxItemCount?: number | null; continuation?: unknown },
  scope?: PartitionScope,
) {
  const parent = this._parent.read();
  if (!parent) return null;
  const data = scope ? partitionDocuments(this, scope) : [...this._data.values()].map((item) => item.read());
  const indexingPolicy = parent.indexingPolicy as { compositeIndexes?: unknown } | undefined;
  const q = this._getQuery(params.query);
  try {
    return q.exec(data, {
      parameters: params.parameters,
      udf: this._userDefinedFunctions(),
      maxItemCount,
      continuation,
      compositeIndexes: indexingPolicy?.compositeIndexes ?? [],
    });
  } catch (error) {
    (error as { badRequest?: boolean }).badRequest = true;
    throw error;
  }
};

// ---- Which partition a query is for ---------------------------------------------------------------

interface SqlNode {
  type: string;
  [key: string]: unknown;
}

const PRIMITIVE_CONSTANTS: Record<string, true> = { string_constant: true, number_constant: true, boolean_constant: true };
const isPartitionValue = (value: unknown) => value === null || ['string', 'number', 'boolean'].includes(typeof value);

/** `c.a.b` or `c['a']` from the root alias `c`, as `/a/b`; undefined for anything else. */
function pathFrom(node: SqlNode, root: string): string | undefined {
  if (node.type === 'identifier') return node.name === root ? '' : undefined;
  if (node.type !== 'scalar_member_expression') return undefined;
  const property = node.property as SqlNode;
  const name = property.type === 'identifier' ? property.name : property.type === 'string_constant' ? property.value : undefined;
  if (typeof name !== 'string') return undefined;
  const parent = pathFrom(node.object as SqlNode, root);
  return parent === undefined ? undefined : `${parent}/${name}`;
}

function conjuncts(node: SqlNode): SqlNode[] {
  return node.type === 'scalar_binary_expression' && node.operator === 'AND'
    ? [...conjuncts(node.left as SqlNode), ...conjuncts(node.right as SqlNode)]
    : [node];
}

/**
 * The partition a query's own filter confines it to: a conjunct of its WHERE (the top-level ANDs) that is
 * `<root>.<partition key path> = <string, number, boolean or null, or a parameter holding one>`, in a query
 * whose FROM is the container itself. No document of another partition can make that conjunct true, so
 * such a query's results over its partition are those over the container. Undefined otherwise.
 */
export function partitionOfFilter(query: Query['ast'], partitionKeyPath: string, parameters: QueryBody['parameters']): PartitionScope | undefined {
  const from = query.body?.from as { source?: { expression?: SqlNode; alias?: SqlNode | null } } | undefined;
  const condition = query.body?.where?.condition as SqlNode | undefined;
  const source = from?.source?.expression;
  if (!condition || source?.type !== 'collection_expression') return undefined;
  const collection = source.expression as SqlNode;
  if (collection.type !== 'identifier') return undefined;
  const root = ((from?.source?.alias as SqlNode | null | undefined) ?? collection).name as string;
  const joins = ((from as { joins?: { alias?: SqlNode | null }[] }).joins ?? []).map((join) => join.alias?.name);
  if (joins.includes(root)) return undefined;
  for (const node of conjuncts(condition)) {
    if (node.type !== 'scalar_binary_expression' || node.operator !== '=') continue;
    for (const [path, value] of [
      [node.left, node.right],
      [node.right, node.left],
    ] as SqlNode[][]) {
      if (pathFrom(path, root) !== partitionKeyPath) continue;
      if (value.type === 'null_constant') return { partition: null };
      if (PRIMITIVE_CONSTANTS[value.type]) return { partition: value.value };
      if (value.type === 'parameter_name') {
        const parameter = parameters?.find((p) => p.name === value.name);
        if (parameter && isPartitionValue(parameter.value)) return { partition: parameter.value };
      }
    }
  }
  return undefined;
}

/** The partition an `x-ms-documentdb-partitionkey` header names (`[value]`; `[{}]` is the partition of documents without the key). */
export function partitionOfHeader(header: string): PartitionScope | undefined {
  const parsed: unknown = JSON.parse(header);
  // Several values (hierarchical keys, which the server does not know): the whole container, as before.
  if (Array.isArray(parsed) && parsed.length !== 1) return undefined;
  const value = Array.isArray(parsed) ? parsed[0] : parsed;
  if (value && typeof value === 'object' && !Array.isArray(value) && Object.keys(value).length === 0) return { partition: undefined };
  if (!isPartitionValue(value)) throw new Error(`not a partition key: ${header}`);
  return { partition: value };
}

// ---- The query handler ----------------------------------------------------------------------------

type Request = import('node:http').IncomingMessage;
type Response = import('node:http').ServerResponse;
interface Account {
  database(id: string): { collection(id: string): { read(): Record<string, unknown> | undefined; documents: DocumentsInstance } };
}

const readItems = (serverRequire('@vercel/cosmosdb-server/lib/handler/_read-items') as { default: unknown }).default as (
  req: Request,
  res: Response,
  itemsName: string,
  fn: (options: { continuation: unknown; maxItemCount: number | null }) => Promise<unknown>,
) => Promise<unknown>;
const readJson = (serverRequire('@vercel/cosmosdb-server/lib/json') as { default: (req: Request) => Promise<unknown> }).default;
const trueHeader = (serverRequire('@vercel/cosmosdb-server/lib/true-header') as { default: (req: Request, name: string) => boolean }).default;
const parseQuery = (serverRequire('@zeit/cosmosdb-query') as { default: (sql: string) => Query }).default;

/** The server's `query-documents` handler, with the partition scope and without running a query plan request. */
async function queryDocuments(account: Account, req: Request, res: Response, { dbId, collId }: { dbId: string; collId: string }) {
  return readItems(req, res, 'Documents', async ({ continuation, maxItemCount }) => {
    const body = (await readJson(req)) as QueryBody;
    if (!body.query) {
      res.statusCode = 400;
      return { message: 'missing query' };
    }
    const collection = account.database(dbId).collection(collId);
    const header = req.headers['x-ms-documentdb-partitionkey'];
    const partitionHeader = Array.isArray(header) ? header[0] : header;
    const paths = ((collection.read()?.partitionKey as { paths?: string[] } | undefined)?.paths ?? []) as string[];
    if (!partitionHeader && !trueHeader(req, 'x-ms-documentdb-query-enablecrosspartition')) {
      if (paths.length && !parseQuery(body.query).containsPartitionKeys(paths)) {
        res.statusCode = 400;
        return { message: 'missing partition keys' };
      }
    }
    let scope: PartitionScope | undefined;
    if (partitionHeader) {
      try {
        scope = partitionOfHeader(partitionHeader);
      } catch {
        res.statusCode = 400;
        return { code: 'BadRequest', message: `Failed to parse x-ms-documentdb-partitionkey header: ${partitionHeader}` };
      }
    }
    const documents = collection.documents;
    try {
      if (collection.read()) {
        const q = documents._getQuery(body.query); // a syntax error: 400, as before
        if (trueHeader(req, 'x-ms-cosmos-is-query-plan-request')) {
          // The SDK asks for a plan before each query and uses it only when the query itself fails. Cosmos
          // answers it from the query's text; the server ran the query for it. Checked as before, not run.
          try {
            void q.code;
          } catch (error) {
            (error as { badRequest?: boolean }).badRequest = true;
            throw error;
          }
          return { result: [], continuation: null };
        }
        scope ??= paths.length === 1 && paths[0] !== '/_partitionKey' ? partitionOfFilter(q.ast, paths[0], body.parameters) : undefined;
      }
      return (documents as unknown as { query: ScopedQuery }).query(body, { continuation, maxItemCount }, scope);
    } catch (error) {
      if ((error as { badRequest?: boolean }).badRequest) {
        res.statusCode = 400;
        return { message: (error as Error).message };
      }
      throw error;
    }
  });
}

// The server's router takes its handlers when it is loaded: this module is loaded first (cosmosAtomicBatch.ts).
(serverRequire('@vercel/cosmosdb-server/lib/handler/query-documents') as { default: unknown }).default = queryDocuments;

/** The partitions a container's documents are indexed under (tests). */
export function partitionsOf(documents: object): Map<unknown, Map<string, StoredItem>> {
  return indexOf(documents as DocumentsInstance).byPartition;
}
