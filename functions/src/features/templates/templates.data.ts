import type { Audit, Template, Translation } from '@movers/contracts';
import { inLocaleOrder } from '@movers/contracts';
import { randomUUID } from 'node:crypto';
import { container, deleteIfMatch, fromStored, mapCosmosError, queryAll, readDoc, replaceIfMatch, statusOf } from '../../platform/cosmos/client.ts';
import { conflict } from '../../platform/http/errors.ts';

/**
 * Templates live in container 'templates', all in one partition (`group = 'templates'`): a handful of
 * documents an Internal.Super user writes. Their order is one more document in that partition,
 * `{ id: '_order', ids: [...] }` (an id no template can have: path ids never start with `_`), changed only by a replace with If-Match (retried on 412), so
 * concurrent creates, reorders and deletes each apply to the latest order and none is lost. A
 * template's position is its index in that order, counted on read over the templates that exist
 * (a template the order does not name yet goes last, by creation), so positions are always 0..n-1
 * with no gaps or duplicates, and reordering never changes a template's own ETag.
 */
export const TEMPLATES_GROUP = 'templates';
export const ORDER_ID = '_order';

export interface TemplateDoc extends Audit {
  id: string;
  group: typeof TEMPLATES_GROUP;
  type: 'template';
  translations: Translation[];
  availableForInternal: boolean;
  availableForCustomer: boolean;
}

export interface OrderDoc {
  id: typeof ORDER_ID;
  group: typeof TEMPLATES_GROUP;
  type: 'order';
  ids: string[];
  updatedAt: string;
}

type Stored<T> = T & { etag?: string };

const templates = () => container('templates');

/** The partition: every template and the order document (one single-partition query). */
async function readAll(): Promise<{ docs: Stored<TemplateDoc>[]; order: Stored<OrderDoc> | undefined }> {
  const all = await queryAll<TemplateDoc | OrderDoc>(templates(), 'SELECT * FROM c WHERE c.group = @group', [{ name: '@group', value: TEMPLATES_GROUP }]);
  return {
    docs: all.filter((d): d is Stored<TemplateDoc> => d.type === 'template'),
    order: all.find((d): d is Stored<OrderDoc> => d.type === 'order'),
  };
}

/** The order of the templates that exist: the order document's, then any it does not name yet, oldest first. */
function ordered(docs: Stored<TemplateDoc>[], order: OrderDoc | undefined): Stored<TemplateDoc>[] {
  const byId = new Map(docs.map((d) => [d.id, d]));
  const named = [...new Set(order?.ids ?? [])].filter((id) => byId.has(id));
  const namedSet = new Set(named);
  const rest = docs.filter((d) => !namedSet.has(d.id)).sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
  return [...named.map((id) => byId.get(id)!), ...rest];
}

const toTemplate = (doc: Stored<TemplateDoc>, position: number): Template => {
  const { group: _g, type: _t, ...rest } = doc;
  return { ...rest, position };
};

/** A template's stored document (no position), for checks before a change; undefined when there is none. */
export async function readTemplateDoc(id: string): Promise<Stored<TemplateDoc> | undefined> {
  const doc = await readDoc<TemplateDoc>(templates(), id, TEMPLATES_GROUP);
  return doc?.type === 'template' ? doc : undefined;
}

/** Every template by position. */
export async function listTemplates(): Promise<Template[]> {
  const { docs, order } = await readAll();
  return ordered(docs, order).map(toTemplate);
}

/** One template with its position; undefined when there is none. */
export async function getTemplate(id: string): Promise<Template | undefined> {
  const doc = await readTemplateDoc(id);
  if (!doc) return undefined;
  const { docs, order } = await readAll();
  const position = ordered(docs, order).findIndex((d) => d.id === id);
  // Deleted between the two reads: gone.
  if (position < 0) return undefined;
  return toTemplate({ ...doc }, position);
}

const MAX_ATTEMPTS = 60;
const pause = (attempt: number) => new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(5 + attempt * 5, 100)));

/**
 * Applies `change` to the current order (of the templates that exist) and stores it only if nobody
 * stored another order since it was read (If-Match, or a create that fails when one appeared); on a
 * conflict it reads again and retries. Returns the stored order.
 */
async function changeOrder(change: (ids: string[]) => string[]): Promise<string[]> {
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const { docs, order } = await readAll();
    const ids = change(ordered(docs, order).map((d) => d.id));
    const next: OrderDoc = { id: ORDER_ID, group: TEMPLATES_GROUP, type: 'order', ids, updatedAt: new Date().toISOString() };
    try {
      if (order?.etag)
        await templates()
          .item(ORDER_ID, TEMPLATES_GROUP)
          .replace(next, { accessCondition: { type: 'IfMatch', condition: order.etag } });
      else await templates().items.create(next);
      return ids;
    } catch (error) {
      // 412: another change came first; 409: another first order was created; 404: the order was just made.
      const status = statusOf(error);
      if (status !== 412 && status !== 409 && status !== 404) throw error;
      await pause(attempt);
    }
  }
  throw conflict('too many changes to the order of the templates at once: try again');
}

export interface TemplateFields {
  translations: Translation[];
  availableForInternal: boolean;
  availableForCustomer: boolean;
}

/** Creates a template and puts it last: the highest position + 1 (0 when none). */
export async function createTemplate(fields: TemplateFields, by: string): Promise<Template> {
  const now = new Date().toISOString();
  const doc: TemplateDoc = {
    id: randomUUID(),
    group: TEMPLATES_GROUP,
    type: 'template',
    translations: inLocaleOrder(fields.translations),
    availableForInternal: fields.availableForInternal,
    availableForCustomer: fields.availableForCustomer,
    createdAt: now,
    createdBy: by,
    updatedAt: now,
    updatedBy: by,
  };
  const { resource } = await templates().items.create(doc);
  const stored = fromStored<TemplateDoc>(resource!);
  // The order names it (at the end) if it does not yet: another change may already have put it there.
  const ids = await changeOrder((current) => current);
  return toTemplate(stored, ids.indexOf(doc.id));
}

/** Replaces a template's fields while it still has the ETag the caller read (412 otherwise, 404 when gone). */
export async function updateTemplate(id: string, fields: TemplateFields, by: string, etag: string): Promise<Template | undefined> {
  const current = await readTemplateDoc(id);
  if (!current) return undefined;
  const { etag: _read, ...stored } = current;
  const next: TemplateDoc = {
    ...stored,
    translations: inLocaleOrder(fields.translations),
    availableForInternal: fields.availableForInternal,
    availableForCustomer: fields.availableForCustomer,
    updatedAt: new Date().toISOString(),
    updatedBy: by,
  };
  await replaceIfMatch(templates(), next, TEMPLATES_GROUP, etag, 'template');
  return getTemplate(id);
}

/** Sets one availability flag (a value, not a flip, so two clicks at once agree); 404 when the template is gone. */
export async function setAvailability(
  id: string,
  field: 'availableForInternal' | 'availableForCustomer',
  value: boolean,
  by: string,
): Promise<Template | undefined> {
  if (!(await readTemplateDoc(id))) return undefined;
  try {
    await templates()
      .item(id, TEMPLATES_GROUP)
      .patch([
        { op: 'set', path: `/${field}`, value },
        { op: 'set', path: '/updatedAt', value: new Date().toISOString() },
        { op: 'set', path: '/updatedBy', value: by },
      ]);
  } catch (error) {
    mapCosmosError(error, 'template');
  }
  return getTemplate(id);
}

/** Deletes a template while it still has the ETag the caller read; the ones after it move up. */
export async function deleteTemplate(id: string, etag: string): Promise<void> {
  await deleteIfMatch(templates(), id, TEMPLATES_GROUP, etag, 'template');
  await changeOrder((current) => current.filter((other) => other !== id));
}

/** Moves a template to a 0-based position (past the end: last); the others close up. Undefined when it does not exist. */
export async function moveTemplate(id: string, position: number): Promise<Template[] | undefined> {
  if (!(await readTemplateDoc(id))) return undefined;
  let found = true;
  await changeOrder((current) => {
    found = current.includes(id);
    if (!found) return current;
    const rest = current.filter((other) => other !== id);
    rest.splice(Math.min(position, rest.length), 0, id);
    return rest;
  });
  return found ? listTemplates() : undefined;
}
