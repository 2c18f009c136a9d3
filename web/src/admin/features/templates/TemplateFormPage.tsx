import { Stack, Text } from '@fluentui/react';
import { messages, templateSchema } from '@movers/contracts';
import type { FormikHelpers } from 'formik';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { useApi } from '../../../common/api/ApiContext.tsx';
import { DataChangedBar } from '../../../common/forms/DataChangedBar.tsx';
import { Form } from '../../../common/forms/Form.tsx';
import { FormButtons } from '../../../common/forms/FormButtons.tsx';
import { applySaveError } from '../../../common/forms/saveError.ts';
import { useToast } from '../../../common/toast/Toasts.tsx';
import { Loading } from '../../auth/Guard.tsx';
import { pathTo } from '../../routeTable.ts';
import { LoadFailure } from '../../shell/LoadFailure.tsx';
import { createTemplate, updateTemplate, useTemplate } from './api.ts';
import { titleOf } from './title.ts';
import { Translations } from '../../../common/translations/TranslationsFields.tsx';
import { emptyTemplate, templateInput, templateValues, type TemplateValues } from '../../../common/translations/values.ts';

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
