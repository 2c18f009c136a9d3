import { ActionButton, Spinner, SpinnerSize, Stack, Text } from '@fluentui/react';
import { contentLocales, messages, templateSchema, type ContentLocale } from '@movers/contracts';
import { useFormikContext, type FormikHelpers } from 'formik';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { useApi } from '../../../common/api/ApiContext.tsx';
import { DataChangedBar } from '../../../common/forms/DataChangedBar.tsx';
import { TextInput } from '../../../common/forms/fields.tsx';
import { Form } from '../../../common/forms/Form.tsx';
import { FormButtons } from '../../../common/forms/FormButtons.tsx';
import { applySaveError } from '../../../common/forms/saveError.ts';
import { useFieldState } from '../../../common/forms/useFieldState.ts';
import { useToast } from '../../../common/toast/Toasts.tsx';
import { Loading } from '../../auth/Guard.tsx';
import { pathTo } from '../../routeTable.ts';
import { LoadFailure } from '../../shell/LoadFailure.tsx';
import { createTemplate, updateTemplate, useTemplate } from './api.ts';
import { titleOf } from './title.ts';
import { emptyTemplate, templateInput, templateValues, type TemplateValues } from './translations.ts';

// CKEditor is big: it is loaded only when this form shows, in a chunk of its own.
const RichTextEditor = lazy(() => import('./RichTextEditor.tsx'));

export const localeNames: Record<ContentLocale, string> = {
  en: 'English',
  no: 'Norwegian (bokmål)',
  nn: 'Norwegian (nynorsk)',
  de: 'German',
  da: 'Danish',
  se: 'Swedish',
};

type Values = TemplateValues;

/** Create template and edit template (Internal.Super only; spec part 2, sections 2, 8 and 9). Saving returns to the list. */
export default function TemplateFormPage() {
  const { templateId } = useParams();
  const editing = Boolean(templateId);
  const api = useApi();
  const toast = useToast();
  const navigate = useNavigate();
  const template = useTemplate(templateId);
  const [stale, setStale] = useState(false);

  if (editing && template.status !== 'ready') {
    if (template.status === 'failed')
      return (
        <LoadFailure
          resource={template}
          failedText={messages.common.fetchFailed}
          parent={{ text: 'templates', to: pathTo('TEMPLATES_ROOT') }}
          what="template"
        />
      );
    return <Loading label="Loading template…" />;
  }

  async function submit(values: Values, helpers: FormikHelpers<Values>) {
    const input = templateInput(values);
    try {
      if (editing && template.data) await updateTemplate(api, template.data, input);
      else await createTemplate(api, input);
      toast.success(editing ? messages.templates.updated : messages.templates.added);
      navigate(pathTo('TEMPLATES_ROOT'));
    } catch (error) {
      // The form keeps what was typed: nothing is lost on a failed save.
      applySaveError(error, helpers.setErrors as (fields: Record<string, string>) => void, setStale);
      toast.error(editing ? messages.templates.updateFailed : messages.templates.addFailed);
    }
  }

  const title = editing ? `edit ${template.data ? titleOf(template.data) : 'template'}` : 'create template';
  return (
    <Stack tokens={{ childrenGap: 16 }} styles={{ root: { maxWidth: 960 } }}>
      <Text as="h1" variant="xxLarge">
        {title}
      </Text>
      <Text>Six translations, each with a title and its content. Images under 500 kB are recommended.</Text>
      {stale && <DataChangedBar />}
      <Form
        initialValues={template.data ? templateValues(template.data) : emptyTemplate()}
        validationSchema={templateSchema}
        onSubmit={submit}
        label={editing ? 'edit template' : 'create template'}
      >
        <Stack tokens={{ childrenGap: 12 }}>
          <Translations />
          <FormButtons submitText={editing ? 'update template' : 'create template'} cancelTo={pathTo('TEMPLATES_ROOT')} />
        </Stack>
      </Form>
    </Stack>
  );
}

/** The six expandable translations; after a submit with errors the first one with an error opens. */
function Translations() {
  const { submitCount, errors } = useFormikContext<Values>();
  const [open, setOpen] = useState<boolean[]>(() => contentLocales.map((_, i) => i === 0));
  const failing = Array.isArray(errors.translations) ? errors.translations.findIndex(Boolean) : -1;

  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new submission opens a section.
  useEffect(() => {
    if (submitCount === 0 || failing < 0) return;
    setOpen((all) => all.map((o, i) => o || i === failing));
    // Once open, its title is where the user goes next.
    window.setTimeout(() => document.querySelector<HTMLInputElement>(`input[name="translations[${failing}].title"]`)?.focus(), 0);
  }, [submitCount]);

  return (
    <>
      {contentLocales.map((locale, index) => (
        <TranslationSection
          key={locale}
          index={index}
          locale={locale}
          open={open[index] ?? false}
          hasError={Array.isArray(errors.translations) && Boolean(errors.translations[index]) && submitCount > 0}
          onToggle={() => setOpen((all) => all.map((o, i) => (i === index ? !o : o)))}
        />
      ))}
    </>
  );
}

function TranslationSection({
  index,
  locale,
  open,
  hasError,
  onToggle,
}: {
  index: number;
  locale: ContentLocale;
  open: boolean;
  hasError: boolean;
  onToggle: () => void;
}) {
  const content = useFieldState<string>(`translations[${index}].content`);
  const titleField = useFieldState<string>(`translations[${index}].title`);
  const regionId = `translation-${locale}`;
  const name = localeNames[locale];
  return (
    <section aria-label={`${name} translation`} style={{ border: '1px solid #c8c6c4', borderRadius: 2 }}>
      <h2 style={{ margin: 0, fontSize: 16 }}>
        <ActionButton
          aria-expanded={open}
          aria-controls={regionId}
          iconProps={{ iconName: open ? 'ChevronDown' : 'ChevronRight' }}
          onClick={onToggle}
          styles={{ root: { width: '100%', height: 44 }, label: { fontWeight: 600 } }}
        >
          {`${name} (${locale})`}
          {titleField.value ? ` – ${titleField.value}` : ''}
          {hasError ? ' – has errors' : ''}
        </ActionButton>
      </h2>
      <div id={regionId} hidden={!open} style={{ padding: '0 12px 12px' }}>
        <Stack tokens={{ childrenGap: 8 }}>
          <TextInput name={`translations[${index}].title`} label={`title (${locale})`} required />
          <Suspense fallback={<Spinner size={SpinnerSize.medium} label="Loading the editor…" />}>
            <RichTextEditor
              label={`content (${locale})`}
              value={content.value ?? ''}
              onChange={(html) => html !== content.value && content.set(html)}
              onBlur={() => content.touch()}
            />
          </Suspense>
        </Stack>
      </div>
    </section>
  );
}
