import { type Template, type TemplateInput, api as routes } from '@movers/contracts';
import type { ApiClient } from '../../../common/api/apiClient.ts';
import { mutate } from 'swr';
import { callRoute, keyOf, remember, reorderRoute, revalidate, useRoute } from '../../../common/api/route.ts';
import { useTaggedList } from '../../../common/api/useResource.ts';

// Templates are for Internal.Super users only; every call here is theirs. Each mutation updates the cache itself.

/** The list with the order's ETag, which a reorder must send as If-Match. */
export interface TemplateList {
  templates: Template[];
  etag: string | undefined;
}

const listKey = () => keyOf(routes.templates.list, {});
const oneKey = (templateId: string) => keyOf(routes.templates.get, { templateId });

export const useTemplates = () => useTaggedList(listKey(), (templates: Template[], etag): TemplateList => ({ templates, etag }));
export const useTemplate = (templateId: string | undefined) => useRoute(routes.templates.get, templateId ? { templateId } : null);

/** Shows a change in the cached list at once (nothing to change when it was never read). */
async function updateList(change: (templates: Template[]) => Template[]) {
  await mutate<TemplateList>(listKey(), (list) => (list ? { ...list, templates: change(list.templates) } : list), { revalidate: false });
}

/** One template changed: put it in the list in its place and under its own key. */
async function templateSaved(template: Template) {
  await Promise.all([
    remember(oneKey(template.id), template),
    updateList((list) => (list.some((t) => t.id === template.id) ? list.map((t) => (t.id === template.id ? template : t)) : [...list, template])),
  ]);
  return template;
}

/** A new template also changes the order (it goes last): the list is read again for the order's ETag. */
export async function createTemplate(api: ApiClient, input: TemplateInput) {
  const template = await templateSaved(await callRoute(api, routes.templates.create, { params: {}, body: input }));
  await revalidate(listKey());
  return template;
}

/** Sends the ETag the form was loaded with, so a concurrent change is refused (412) rather than lost. */
export async function updateTemplate(api: ApiClient, template: Template, input: TemplateInput) {
  return templateSaved(await callRoute(api, routes.templates.update, { params: { templateId: template.id }, body: input, etag: template.etag }));
}

export async function deleteTemplate(api: ApiClient, template: Template) {
  await callRoute(api, routes.templates.delete, { params: { templateId: template.id }, etag: template.etag });
  // The ones after it move up: positions are counted again over what remains.
  await updateList((list) => list.filter((t) => t.id !== template.id).map((t, position) => ({ ...t, position })));
  await revalidate(listKey());
}

/** Moves a template to a 0-based position, sending the list's ETag; the answer is the new order (and its ETag). */
export const moveTemplate = (api: ApiClient, list: TemplateList, templateId: string, position: number) =>
  reorderRoute(
    api,
    routes.templates.position,
    { params: { templateId }, body: { position }, etag: list.etag },
    listKey(),
    (templates, etag): TemplateList => ({ templates, etag }),
  );

/** Sends the ETag the template was read with, so a toggle on a template changed since is refused (412). */
export async function setAvailableForInternal(api: ApiClient, template: Template, availableForInternal: boolean) {
  const params = { templateId: template.id };
  return templateSaved(await callRoute(api, routes.templates.availableForInternal, { params, body: { availableForInternal }, etag: template.etag }));
}

export async function setAvailableForCustomer(api: ApiClient, template: Template, availableForCustomer: boolean) {
  const params = { templateId: template.id };
  return templateSaved(await callRoute(api, routes.templates.availableForCustomer, { params, body: { availableForCustomer }, etag: template.etag }));
}

/** Shows a reorder before the server answers (the list is read again from the answer, or on failure). */
export const showOrder = (list: TemplateList) => remember<TemplateList>(listKey(), list);
