import { api, type Template, type TemplateInput } from '@movers/contracts';
import { sanitizeTranslations } from '../../platform/html/sanitize.ts';
import { notFound } from '../../platform/http/errors.ts';
import { noContent, ok, withEtag } from '../../platform/http/responses.ts';
import { type BoundRoute, bind } from '../../platform/http/route.ts';
import { editorFilesAt } from '../editorUploads/index.ts';
import {
  createTemplate,
  deleteTemplate,
  getTemplate,
  listTemplatesTagged,
  moveTemplate,
  readTemplateDoc,
  setAvailability,
  type TemplateFields,
  updateTemplate,
} from './templates.data.ts';

const missing = () => notFound('template not found');
const found = <T>(value: T | undefined): T => {
  if (value === undefined) throw missing();
  return value;
};

/** The form's values as stored: every content sanitised; availability kept (or false for a new one) when not given. */
async function fieldsOf(
  request: { url: string },
  body: TemplateInput,
  current?: Pick<Template, 'availableForInternal' | 'availableForCustomer'>,
): Promise<TemplateFields> {
  return {
    translations: await sanitizeTranslations(
      body.translations.map(({ locale, title, content }) => ({ locale, title, content })),
      { ownFiles: editorFilesAt(request) },
    ),
    availableForInternal: body.availableForInternal ?? current?.availableForInternal ?? false,
    availableForCustomer: body.availableForCustomer ?? current?.availableForCustomer ?? false,
  };
}

/** Every template in order, answered with the order's ETag (for a reorder). */
async function inOrder() {
  const { items, etag } = await listTemplatesTagged();
  return ok(items, { ETag: etag });
}

/** Templates: Internal.Super only (the contract's 'super' access, checked by the pipeline). */
export const templateRoutes: BoundRoute[] = [
  bind(api.templates.list, () => inOrder()),
  bind(api.templates.create, async ({ body, principal, request }) =>
    withEtag(await createTemplate(await fieldsOf(request, body as TemplateInput), principal.userId), 201),
  ),
  bind(api.templates.get, async ({ params }) => withEtag(found(await getTemplate(params.templateId)))),
  bind(api.templates.update, async ({ body, params, principal, ifMatch, request }) => {
    const current = found(await readTemplateDoc(params.templateId));
    return withEtag(found(await updateTemplate(params.templateId, await fieldsOf(request, body as TemplateInput, current), principal.userId, ifMatch())));
  }),
  bind(api.templates.delete, async ({ params, ifMatch }) => {
    await deleteTemplate(params.templateId, ifMatch());
    return noContent();
  }),
  bind(api.templates.position, async ({ body, params, ifMatch }) => {
    // The order the caller saw must still be the current one: a reorder of a list changed since is 412.
    if (!(await moveTemplate(params.templateId, body.position, ifMatch()))) throw missing();
    return inOrder();
  }),
  bind(api.templates.availableForInternal, async ({ body, params, principal, ifMatch }) =>
    withEtag(found(await setAvailability(params.templateId, 'availableForInternal', body.availableForInternal, principal.userId, ifMatch()))),
  ),
  bind(api.templates.availableForCustomer, async ({ body, params, principal, ifMatch }) =>
    withEtag(found(await setAvailability(params.templateId, 'availableForCustomer', body.availableForCustomer, principal.userId, ifMatch()))),
  ),
];
