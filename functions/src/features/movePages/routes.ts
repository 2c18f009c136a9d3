import { api, type ContentLocale, pageLanguageNotOfMove, type Translation } from '@movers/contracts';
import type { Principal } from '../../platform/auth/principal.ts';
import { sanitizeTranslations } from '../../platform/html/sanitize.ts';
import { badRequest, notFound, unknownInBody } from '../../platform/http/errors.ts';
import { noContent, ok, withEtag } from '../../platform/http/responses.ts';
import { type BoundRoute, bind } from '../../platform/http/route.ts';
import { editorFilesAt } from '../editorUploads/index.ts';
import { moveAccess, readableMove } from '../moves/index.ts';
import { getTemplate, listTemplates } from '../templates/index.ts';
import { createPage, deletePage, getPage, listPagesTagged, moveIdOfPage, movePage, readPageDoc, updatePage } from './pages.data.ts';

/** Whatever anyone typed is stored only as the sanitiser leaves it; videos only of the editor's own files. */
const clean = (translations: Translation[], request: { url: string }): Promise<Translation[]> =>
  sanitizeTranslations(
    translations.map(({ locale, title, content }) => ({ locale, title, content })),
    { ownFiles: editorFilesAt(request) },
  );

/** A page the caller may read: its move's client is checked first (403), then the page (404). */
async function readablePage(principal: Principal, pageId: string) {
  const moveId = moveIdOfPage(pageId);
  if (!moveId) throw notFound('page not found');
  await readableMove(principal, moveId);
  const doc = await readPageDoc(pageId);
  if (!doc) throw notFound('page not found');
  return doc;
}

/** A page made from a template names one the caller may use: for customers, or for internal users when the caller is one. */
async function assertUsableTemplate(principal: Principal, templateId: string | null | undefined) {
  if (!templateId) return;
  const template = await getTemplate(templateId);
  const usable = template && (template.availableForCustomer || (principal.isInternal && template.availableForInternal));
  if (!usable) throw badRequest('validation failed', { templateId: 'not a template you can use' });
}

/** A page's own default language must be one its move offers, or visitors could never choose it. */
function assertMoveLanguage(move: { languages: ContentLocale[] }, language: ContentLocale | null | undefined) {
  if (language && !move.languages.includes(language)) throw badRequest('validation failed', { defaultLanguage: pageLanguageNotOfMove });
}

/** The move's pages in order, answered with the order's ETag (for a reorder). */
async function pagesOf(moveId: string) {
  const { items, etag } = await listPagesTagged(moveId);
  return ok(items, { ETag: etag });
}

export const movePageRoutes: BoundRoute[] = [
  bind(api.movePages.list, async ({ principal, params }) => {
    await readableMove(principal, params.moveId);
    return pagesOf(params.moveId);
  }),
  bind(api.movePages.templates, async ({ principal, params }) => {
    await readableMove(principal, params.moveId);
    const templates = await listTemplates();
    return ok({
      forInternal: principal.isInternal ? templates.filter((t) => t.availableForInternal) : [],
      forCustomer: templates.filter((t) => t.availableForCustomer),
    });
  }),
  bind(
    api.movePages.create,
    async ({ body, principal, params, request }) => {
      const move = await readableMove(principal, params.moveId);
      assertMoveLanguage(move, body.defaultLanguage);
      await assertUsableTemplate(principal, body.templateId);
      const page = await createPage(params.moveId, { ...body, translations: await clean(body.translations, request) }, principal.userId);
      return withEtag(page, 201);
    },
    { authorize: moveAccess },
  ),
  bind(
    api.movePages.position,
    async ({ body, principal, params, ifMatch }) => {
      await readableMove(principal, params.moveId);
      // The order the caller saw must still be the current one: a reorder of a list changed since is 412.
      if (!(await movePage(params.moveId, body.movePageId, body.newPosition, ifMatch()))) throw unknownInBody('movePageId', 'page not found');
      return pagesOf(params.moveId);
    },
    { authorize: moveAccess },
  ),
  bind(api.movePages.get, async ({ principal, params }) => {
    await readablePage(principal, params.movePageId);
    const page = await getPage(params.movePageId);
    if (!page) throw notFound('page not found');
    return withEtag(page);
  }),
  bind(
    api.movePages.update,
    async ({ body, principal, params, ifMatch, request }) => {
      const current = await readablePage(principal, params.movePageId);
      if (body.defaultLanguage) assertMoveLanguage(await readableMove(principal, current.moveId), body.defaultLanguage);
      if (body.templateId !== undefined) await assertUsableTemplate(principal, body.templateId);
      const saved = await updatePage(
        current,
        {
          published: body.published,
          templateId: body.templateId,
          translations: body.translations ? await clean(body.translations, request) : undefined,
          defaultLanguage: body.defaultLanguage,
        },
        principal.userId,
        ifMatch(),
      );
      if (!saved) throw notFound('page not found');
      return withEtag(saved);
    },
    { authorize: ({ principal, params }) => readablePage(principal, params.movePageId) },
  ),
  bind(api.movePages.delete, async ({ principal, params, ifMatch }) => {
    const current = await readablePage(principal, params.movePageId);
    await deletePage(current, ifMatch());
    return noContent();
  }),
];
