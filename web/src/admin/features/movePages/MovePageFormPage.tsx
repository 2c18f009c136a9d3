import { Stack, Text } from '@fluentui/react';
import { type ContentLocale, messages, movePageFormSchema } from '@movers/contracts';
import type { FormikHelpers } from 'formik';
import { useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { useApi } from '../../../common/api/ApiContext.tsx';
import { DataChangedBar } from '../../../common/forms/DataChangedBar.tsx';
import { Form } from '../../../common/forms/Form.tsx';
import { ChoiceInput } from '../../../common/forms/fields.tsx';
import { FormButtons } from '../../../common/forms/FormButtons.tsx';
import { applySaveError } from '../../../common/forms/saveError.ts';
import { contentValue } from '../../../common/history/contentValues.ts';
import { HistoryPanel } from '../../../common/history/HistoryPanel.tsx';
import { localeNames, Translations } from '../../../common/translations/TranslationsFields.tsx';
import { templateInput, templateValues, type TemplateValues } from '../../../common/translations/values.ts';
import { useToast } from '../../../common/toast/Toasts.tsx';
import { Loading } from '../../auth/Guard.tsx';
import { pathTo } from '../../routeTable.ts';
import { Crumbs } from '../../shell/Crumbs.tsx';
import { LoadFailure, NotFoundView } from '../../shell/LoadFailure.tsx';
import { useClient } from '../clients/index.ts';
import { useMove } from '../moves/index.ts';
import { createMovePage, pageRestored, updateMovePage, useMovePage, usePageTemplates } from './api.ts';

/** A page's fields in the form's words, for its History. */
const pageFieldLabels = { translations: 'translations', defaultLanguage: 'default language', published: 'published', templateId: 'template' };

/** defaultLanguage '': none of the page's own, the move's default is used. */
type PageValues = TemplateValues & { defaultLanguage: ContentLocale | '' };

/**
 * Create a page from a template (CREATE_MOVE_PAGE, the move in `?move=`; a move's id is
 * `{clientId}_{locationId}`, which stands in when it is missing) and edit a move page (EDIT_PAGE):
 * the six translations, prefilled from the template or the page, and the page's default language among
 * the move's, or none, to follow the move's default. Saving returns to the move's pages.
 */
export default function MovePageFormPage() {
  const { clientId = '', locationId = '', templateId, movePageId } = useParams();
  const [search] = useSearchParams();
  const editing = Boolean(movePageId);
  const api = useApi();
  const toast = useToast();
  const navigate = useNavigate();
  const client = useClient(clientId);
  const page = useMovePage(movePageId);
  const moveId = editing ? page.data?.moveId : (search.get('move') ?? `${clientId}_${locationId}`);
  const templates = usePageTemplates(editing ? undefined : moveId);
  const move = useMove(locationId, moveId);
  const [stale, setStale] = useState(false);

  const location = client.data?.locations.find((l) => l.id === locationId);
  const locationPath = pathTo('CLIENT_LOCATION', { clientId, locationId });
  const pagesPath = moveId ? pathTo('MOVE_PAGES', { clientId, locationId, moveId }) : locationPath;
  const title = editing ? 'edit move page' : 'create new page';
  const template = templates.data && [...templates.data.forInternal, ...templates.data.forCustomer].find((t) => t.id === templateId);

  const resource = editing ? page : templates;
  if (resource.status === 'failed')
    return (
      <LoadFailure
        resource={resource}
        failedText={messages.common.fetchFailed}
        parent={{ text: 'pages', to: pagesPath }}
        what={editing ? 'page' : 'template'}
      />
    );
  if (move.status === 'failed')
    return <LoadFailure resource={move} failedText={messages.common.fetchFailed} parent={{ text: 'pages', to: pagesPath }} what="move" />;
  if (resource.status !== 'ready' || !move.data) return <Loading label="Loading…" />;
  const { languages, defaultLanguage: moveLanguage } = move.data;
  if (!editing && !template) return <NotFoundView parent={{ text: 'pages', to: pagesPath }} what="template for this move" />;

  const source = editing ? page.data : template;
  const initialLanguage = (editing && page.data?.defaultLanguage) || '';

  async function submit(values: PageValues, helpers: FormikHelpers<PageValues>) {
    const input = templateInput(values);
    // Only a changed choice is sent: a page left alone keeps what it had; none (null) follows the move again.
    const chosen = values.defaultLanguage || undefined;
    try {
      if (editing && page.data)
        await updateMovePage(api, page.data, {
          translations: input.translations,
          ...(values.defaultLanguage !== initialLanguage ? { defaultLanguage: chosen ?? null } : {}),
        });
      else if (moveId) await createMovePage(api, moveId, templateId ?? null, { ...input, ...(chosen ? { defaultLanguage: chosen } : {}) });
      toast.success(editing ? messages.movePages.updated : messages.movePages.added);
      navigate(pagesPath);
    } catch (error) {
      // The form keeps what was typed: nothing is lost on a failed save.
      applySaveError(error, helpers.setErrors as (fields: Record<string, string>) => void, setStale);
      toast.error(editing ? messages.movePages.updateFailed : messages.movePages.addFailed);
    }
  }

  const initialValues: PageValues = { ...templateValues(source ?? { translations: [] }), defaultLanguage: initialLanguage };
  return (
    <Stack tokens={{ childrenGap: 16 }} styles={{ root: { maxWidth: 960 } }}>
      <Crumbs
        items={[
          { key: 'client', text: client.data?.name ?? 'client', to: pathTo('CLIENT_DASHBOARD', { clientId }) },
          { key: 'location', text: location?.name ?? 'location', to: locationPath },
          { key: 'pages', text: 'pages', to: pagesPath },
          { key: 'page', text: title },
        ]}
      />
      <Text as="h1" variant="xxLarge">
        {title}
      </Text>
      <Text>Six translations, each with a title and its content. Images under 500 kB are recommended.</Text>
      {stale && <DataChangedBar />}
      {/* A restore from the History below gives the page a new version: the form starts again from it. */}
      <Form key={page.data?.etag} initialValues={initialValues} validationSchema={movePageFormSchema} onSubmit={submit} label={title}>
        <Stack tokens={{ childrenGap: 12 }}>
          <ChoiceInput
            name="defaultLanguage"
            label="default language"
            description="Shown to visitors whose language has no content on this page"
            none={`as the move (${localeNames[moveLanguage]})`}
            // A language the move no longer offers stays visible while it is the page's.
            choices={[...new Set([...languages, ...(initialLanguage ? [initialLanguage] : [])])].map((code) => ({ key: code, text: localeNames[code] }))}
          />
          <Translations />
          <FormButtons submitText={editing ? 'save' : 'create page'} cancelTo={pagesPath} />
        </Stack>
      </Form>
      {editing && page.data && (
        <HistoryPanel
          source={{ kind: 'page', recordId: page.data.id }}
          etag={page.data.etag}
          version={page.data.etag}
          fieldLabels={pageFieldLabels}
          formatValue={(field, value) =>
            field === 'defaultLanguage' && typeof value === 'string' ? localeNames[value as ContentLocale] : contentValue(field, value)
          }
          onRestored={() => {
            setStale(false);
            void pageRestored(page.data!.id, page.data!.moveId);
          }}
        />
      )}
    </Stack>
  );
}
