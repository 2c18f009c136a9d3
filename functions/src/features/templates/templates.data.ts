import type { Audit, Template, Translation } from '@movers/contracts';
import { inLocaleOrder } from '@movers/contracts';
import { randomUUID } from 'node:crypto';
import { container, deleteIfMatch, fromStored, mapCosmosError, readDoc, replaceIfMatch } from '../../platform/cosmos/client.ts';
import { cosmosCondition } from '../../platform/http/ifMatch.ts';
import { ordering } from '../../platform/cosmos/ordering.ts';

/**
 * Templates live in container 'templates', all in one partition (`group = 'templates'`): a handful of
 * documents an Internal.Super user writes, kept in order by platform/cosmos/ordering.ts (their order
 * is one more document in the partition; positions are always 0..n-1).
 */
export const TEMPLATES_GROUP = 'templates';
export { ORDER_ID } from '../../platform/cosmos/ordering.ts';

export interface TemplateDoc extends Audit {
  id: string;
  group: typeof TEMPLATES_GROUP;
  type: 'template';
  translations: Translation[];
  availableForInternal: boolean;
  availableForCustomer: boolean;
}

type Stored<T> = T & { etag?: string };

const templates = () => container('templates');

const order = ordering<TemplateDoc>(templates, 'group', 'template', 'templates');

const toTemplate = (doc: Stored<TemplateDoc>, position: number): Template => {
  const { group: _g, type: _t, ...rest } = doc;
  return { ...rest, position };
};

/** A template's stored document (no position), for checks before a change; undefined when there is none. */
export async function readTemplateDoc(id: string): Promise<Stored<TemplateDoc> | undefined> {
  const doc = await readDoc<TemplateDoc>(templates(), id, TEMPLATES_GROUP);
  return doc?.type === 'template' ? doc : undefined;
}

/** Every template by position with the order's ETag, which a reorder must send as If-Match. */
export async function listTemplatesTagged(): Promise<{ items: Template[]; etag: string }> {
  const { items, etag } = await order.listTagged(TEMPLATES_GROUP);
  return { items: items.map(toTemplate), etag };
}

/** Every template by position. */
export async function listTemplates(): Promise<Template[]> {
  return (await order.list(TEMPLATES_GROUP)).map(toTemplate);
}

/** One template with its position; undefined when there is none. */
export async function getTemplate(id: string): Promise<Template | undefined> {
  const doc = await readTemplateDoc(id);
  if (!doc) return undefined;
  const position = (await order.list(TEMPLATES_GROUP)).findIndex((d) => d.id === id);
  // Deleted between the two reads: gone.
  if (position < 0) return undefined;
  return toTemplate({ ...doc }, position);
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
  const ids = await order.change(TEMPLATES_GROUP, (current) => current);
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

/**
 * Sets one availability flag (a value, not a flip) while the template still has the ETag the caller
 * read (412 otherwise); 404 when the template is gone.
 */
export async function setAvailability(
  id: string,
  field: 'availableForInternal' | 'availableForCustomer',
  value: boolean,
  by: string,
  etag: string,
): Promise<Template | undefined> {
  if (!(await readTemplateDoc(id))) return undefined;
  try {
    await templates()
      .item(id, TEMPLATES_GROUP)
      .patch(
        [
          { op: 'set', path: `/${field}`, value },
          { op: 'set', path: '/updatedAt', value: new Date().toISOString() },
          { op: 'set', path: '/updatedBy', value: by },
        ],
        cosmosCondition(etag),
      );
  } catch (error) {
    mapCosmosError(error, 'template');
  }
  return getTemplate(id);
}

/** Deletes a template while it still has the ETag the caller read; the ones after it move up. */
export async function deleteTemplate(id: string, etag: string): Promise<void> {
  await deleteIfMatch(templates(), id, TEMPLATES_GROUP, etag, 'template');
  await order.change(TEMPLATES_GROUP, (current) => current.filter((other) => other !== id));
}

/**
 * Moves a template to a 0-based position (past the end: last) while the order has the ETag the caller
 * read (412 otherwise); the others close up. False when it does not exist.
 */
export const moveTemplate = (id: string, position: number, ifMatch: string): Promise<boolean> => order.move(TEMPLATES_GROUP, id, position, ifMatch);
