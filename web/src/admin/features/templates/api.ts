import { type Template, type TemplateInput, api as routes } from '@movers/contracts';
import type { ApiClient } from '../../../common/api/apiClient.ts';
import { mutate } from 'swr';
import { callRoute, keyOf, remember, useRoute } from '../../../common/api/route.ts';

// Templates are for Internal.Super users only; every call here is theirs. Each mutation updates the cache itself.

export const useTemplates = () => useRoute(routes.templates.list, {});
export const useTemplate = (templateId: string | undefined) => useRoute(routes.templates.get, templateId ? { templateId } : null);

const listKey = () => keyOf(routes.templates.list, {});
const oneKey = (templateId: string) => keyOf(routes.templates.get, { templateId });

/** Changes the cached list without reading it again (nothing to change when it was never read). */
async function updateList(change: (list: Template[]) => Template[]) {
  await mutate<Template[]>(listKey(), (list) => (list ? change(list) : list), { revalidate: false });
}

/** One template changed: put it in the list in its place and under its own key. */
async function templateSaved(template: Template) {
  await Promise.all([
    remember(oneKey(template.id), template),
    updateList((list) => (list.some((t) => t.id === template.id) ? list.map((t) => (t.id === template.id ? template : t)) : [...list, template])),
  ]);
  return template;
}

export async function createTemplate(api: ApiClient, input: TemplateInput) {
  return templateSaved(await callRoute(api, routes.templates.create, { params: {}, body: input }));
}

/** Sends the ETag the form was loaded with, so a concurrent change is refused (412) rather than lost. */
export async function updateTemplate(api: ApiClient, template: Template, input: TemplateInput) {
  return templateSaved(await callRoute(api, routes.templates.update, { params: { templateId: template.id }, body: input, etag: template.etag }));
}

export async function deleteTemplate(api: ApiClient, template: Template) {
  await callRoute(api, routes.templates.delete, { params: { templateId: template.id }, etag: template.etag });
  // The ones after it move up: positions are counted again over what remains.
  await updateList((list) => list.filter((t) => t.id !== template.id).map((t, position) => ({ ...t, position })));
}

/** Moves a template to a 0-based position; the server answers every template in the new order. */
export async function moveTemplate(api: ApiClient, templateId: string, position: number) {
  const list = await callRoute(api, routes.templates.position, { params: { templateId }, body: { position } });
  await remember(listKey(), list);
  return list;
}

export async function setAvailableForInternal(api: ApiClient, templateId: string, availableForInternal: boolean) {
  return templateSaved(await callRoute(api, routes.templates.availableForInternal, { params: { templateId }, body: { availableForInternal } }));
}

export async function setAvailableForCustomer(api: ApiClient, templateId: string, availableForCustomer: boolean) {
  return templateSaved(await callRoute(api, routes.templates.availableForCustomer, { params: { templateId }, body: { availableForCustomer } }));
}

/** Shows a reorder before the server answers (the list is read again from the answer, or on failure). */
export const showOrder = (list: Template[]) => remember(listKey(), list);
