import { Stack, Text } from '@fluentui/react';
import { locationSchema, messages, type LocationInput } from '@movers/contracts';
import type { FormikHelpers } from 'formik';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { useApi } from '../../../common/api/ApiContext.tsx';
import { DataChangedBar } from '../../../common/forms/DataChangedBar.tsx';
import { CheckInput, SearchableChoiceInput, TextInput } from '../../../common/forms/fields.tsx';
import { Form } from '../../../common/forms/Form.tsx';
import { FormButtons } from '../../../common/forms/FormButtons.tsx';
import { useToast } from '../../../common/toast/Toasts.tsx';
import { Loading } from '../../auth/Guard.tsx';
import { pathTo } from '../../routeTable.ts';
import { Crumbs } from '../../shell/Crumbs.tsx';
import { createLocation, locationRestored, updateLocation, useLocation } from './api.ts';
import { HistoryPanel } from '../../../common/history/HistoryPanel.tsx';
import { LoadFailure } from '../../shell/LoadFailure.tsx';
import { useClient, useCountries, useLikelyCountries } from '../clients/index.ts';
import { applySaveError } from '../../../common/forms/saveError.ts';
import { castValues } from '../../../common/forms/castValues.ts';

/** The location's fields in the history as this screen names them. */
const historyLabels: Record<string, string> = {
  name: 'name',
  address: 'address',
  city: 'city',
  country: 'country',
  isOffice: 'office',
  isStorage: 'storage',
  isProduction: 'production',
  services: 'move service',
};

const empty: LocationInput = { name: '', address: '', city: '', countryId: '', isOffice: false, isStorage: false, isProduction: false };

/** Create location and edit location (spec part 1, section 5); saving goes to the location. */
export default function LocationFormPage() {
  const { clientId = '', locationId } = useParams();
  const editing = Boolean(locationId);
  const api = useApi();
  const toast = useToast();
  const navigate = useNavigate();
  const countries = useCountries();
  const likely = useLikelyCountries();
  const client = useClient(clientId);
  const location = useLocation(clientId, locationId);
  const [stale, setStale] = useState(false);

  if (editing && location.status !== 'ready') {
    if (location.status === 'failed')
      return (
        <LoadFailure
          resource={location}
          failedText={messages.common.fetchFailed}
          parent={{ text: client.data?.name ?? 'client', to: pathTo('CLIENT_DASHBOARD', { clientId }) }}
          what="location"
        />
      );
    return <Loading label="Loading location…" />;
  }
  const current = location.data;
  const initial: LocationInput = current
    ? {
        name: current.name,
        address: current.address,
        city: current.city,
        countryId: current.country.id,
        isOffice: current.isOffice,
        isStorage: current.isStorage,
        isProduction: current.isProduction,
      }
    : empty;
  const clientName = current?.client.name ?? client.data?.name ?? 'client';
  const crumbs = [
    { key: 'client', text: clientName, to: pathTo('CLIENT_DASHBOARD', { clientId }) },
    ...(editing && current
      ? [
          { key: 'location', text: current.name, to: pathTo('CLIENT_LOCATION', { clientId, locationId: current.id }) },
          { key: 'edit', text: 'edit location' },
        ]
      : [{ key: 'create', text: 'create location' }]),
  ];

  async function submit(values: LocationInput, helpers: FormikHelpers<LocationInput>) {
    const input = castValues(locationSchema, values);
    try {
      const saved = editing ? await updateLocation(api, clientId, locationId!, input, current?.etag) : await createLocation(api, clientId, input);
      toast.success(messages.location.saved);
      navigate(pathTo('CLIENT_LOCATION', { clientId, locationId: saved.id }));
    } catch (error) {
      applySaveError(error, helpers.setErrors, setStale);
      toast.error(messages.location.saveFailed);
    }
  }

  return (
    <Stack tokens={{ childrenGap: 16 }} styles={{ root: { maxWidth: 520 } }}>
      <Crumbs items={crumbs} />
      <Text as="h1" variant="xxLarge">
        {editing ? 'edit location' : 'create location'}
      </Text>
      {stale && <DataChangedBar />}
      <Form
        initialValues={initial}
        validationSchema={locationSchema}
        onSubmit={submit}
        enableReinitialize
        label={editing ? 'edit location' : 'create location'}
      >
        <Stack tokens={{ childrenGap: 12 }}>
          <TextInput name="name" label="name" required />
          <TextInput name="address" label="address" required />
          <TextInput name="city" label="city" required />
          <SearchableChoiceInput
            name="countryId"
            label="country"
            required
            choices={(countries.data ?? []).map((c) => ({ key: c.id, text: c.name }))}
            first={likely}
          />
          <fieldset style={{ border: 0, padding: 0, margin: 0 }}>
            <legend style={{ fontWeight: 600, padding: '5px 0' }}>property type</legend>
            <Stack horizontal tokens={{ childrenGap: 16 }}>
              <CheckInput name="isOffice" label="office" />
              <CheckInput name="isStorage" label="storage" />
              <CheckInput name="isProduction" label="production" />
            </Stack>
          </fieldset>
          <FormButtons cancelTo={editing ? pathTo('CLIENT_LOCATION', { clientId, locationId: locationId! }) : pathTo('CLIENT_DASHBOARD', { clientId })} />
        </Stack>
      </Form>
      {editing && current && (
        <HistoryPanel
          source={{ kind: 'location', recordId: current.id }}
          etag={current.etag}
          version={current.etag}
          fieldLabels={historyLabels}
          formatValue={(field, value) => {
            if (field === 'country' && value && typeof value === 'object') {
              const id = (value as { id: string }).id;
              return countries.data?.find((c) => c.id === id)?.name ?? id;
            }
            if (field === 'services' && value && typeof value === 'object')
              return (value as { move?: { isEnabled: boolean } }).move?.isEnabled ? 'enabled' : 'not enabled';
            return undefined;
          }}
          onRestored={() => {
            setStale(false);
            void locationRestored(clientId, current.id);
          }}
        />
      )}
    </Stack>
  );
}
