import { Checkbox, Dropdown, Stack, Text, TextField } from '@fluentui/react';
import { clientSchema, messages, type ClientInput } from '@movers/contracts';
import { Formik, type FormikHelpers } from 'formik';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { useApi } from '../../../common/api/ApiContext.tsx';
import { DataChangedBar } from '../../../common/forms/DataChangedBar.tsx';
import { errorShown } from '../../../common/forms/fieldError.ts';
import { FormButtons } from '../../../common/forms/FormButtons.tsx';
import { useToast } from '../../../common/toast/Toasts.tsx';
import { Loading } from '../../auth/Guard.tsx';
import { pathTo } from '../../routeTable.ts';
import { createClient, updateClient, useClient, useCountries } from './api.ts';
import { LoadFailure } from '../../shell/LoadFailure.tsx';
import { applySaveError } from '../../../common/forms/saveError.ts';

const empty: ClientInput = { name: '', orgNumber: '', countryId: '', active: false };

/** Add client and edit client (spec part 1, section 5). */
export default function ClientFormPage() {
  const { clientId } = useParams();
  const editing = Boolean(clientId);
  const api = useApi();
  const toast = useToast();
  const navigate = useNavigate();
  const countries = useCountries();
  const client = useClient(clientId);
  const [stale, setStale] = useState(false);

  if (editing && client.status !== 'ready') {
    if (client.status === 'failed')
      return <LoadFailure resource={client} failedText={messages.client.fetchFailed} parent={{ text: 'clients', to: pathTo('CLIENTS_ROOT') }} what="client" />;
    return <Loading label="Loading client…" />;
  }
  const initial: ClientInput = client.data
    ? { name: client.data.name, orgNumber: client.data.orgNumber, countryId: client.data.country.id, active: client.data.active }
    : empty;

  async function submit(values: ClientInput, helpers: FormikHelpers<ClientInput>) {
    const input = clientSchema.cast(values) as ClientInput;
    try {
      const saved = editing ? await updateClient(api, clientId!, input, client.data?.etag) : await createClient(api, input);
      toast.success(messages.client.saved);
      navigate(pathTo('CLIENTS_ROOT'));
    } catch (error) {
      applySaveError(error, helpers.setErrors, setStale);
      toast.error(messages.client.saveFailed);
    }
  }

  return (
    <Stack tokens={{ childrenGap: 16 }} styles={{ root: { maxWidth: 480 } }}>
      <Text as="h1" variant="xxLarge">
        {editing ? `edit ${client.data?.name ?? 'client'}` : 'add client'}
      </Text>
      {stale && <DataChangedBar />}
      <Formik initialValues={initial} validationSchema={clientSchema} onSubmit={submit} enableReinitialize>
        {({ values, errors, touched, submitCount, handleSubmit, setFieldValue, setFieldTouched, isSubmitting }) => {
          const show = errorShown({ errors, touched, submitCount });
          return (
            <form onSubmit={handleSubmit} noValidate aria-label={editing ? 'edit client' : 'add client'}>
              <Stack tokens={{ childrenGap: 12 }}>
                <TextField
                  label="name"
                  required
                  value={values.name}
                  onChange={(_, v) => void setFieldValue('name', v ?? '')}
                  onBlur={() => void setFieldTouched('name')}
                  errorMessage={show('name')}
                />
                <TextField
                  label="org number"
                  required
                  value={values.orgNumber}
                  onChange={(_, v) => void setFieldValue('orgNumber', v ?? '')}
                  onBlur={() => void setFieldTouched('orgNumber')}
                  errorMessage={show('orgNumber')}
                />
                <Dropdown
                  label="country"
                  required
                  placeholder={messages.validation.pleaseSelect}
                  selectedKey={values.countryId || null}
                  options={(countries.data ?? []).map((c) => ({ key: c.id, text: c.name }))}
                  onChange={(_, o) => void setFieldValue('countryId', String(o?.key ?? ''))}
                  onBlur={() => void setFieldTouched('countryId')}
                  errorMessage={show('countryId')}
                />
                <Checkbox label="active" checked={values.active} onChange={(_, checked) => void setFieldValue('active', Boolean(checked))} />
                <FormButtons submitting={isSubmitting} onCancel={() => navigate(-1)} />
              </Stack>
            </form>
          );
        }}
      </Formik>
    </Stack>
  );
}
