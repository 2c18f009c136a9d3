import { Checkbox, Dropdown, Stack, Text, TextField } from '@fluentui/react';
import { leaseSchema, messages, type Lease, type LeaseInput } from '@movers/contracts';
import { Formik, type FormikHelpers } from 'formik';
import { useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { useApi } from '../../../common/api/ApiContext.tsx';
import { DataChangedBar } from '../../../common/forms/DataChangedBar.tsx';
import { errorShown } from '../../../common/forms/fieldError.ts';
import { FormButtons } from '../../../common/forms/FormButtons.tsx';
import { useToast } from '../../../common/toast/Toasts.tsx';
import { Loading } from '../../auth/Guard.tsx';
import { pathTo } from '../../routeTable.ts';
import { createLease, updateLease, useLease } from './api.ts';
import { LoadFailure } from '../../shell/LoadFailure.tsx';
import { useClient } from '../clients/index.ts';
import { DayPicker } from './DayPicker.tsx';
import { applySaveError } from '../../../common/forms/saveError.ts';

type Values = Omit<LeaseInput, 'areaSpace' | 'numberOfPeople' | 'seats' | 'numberOfParkingSpaces' | 'leasePrice' | 'sharedCost'> &
  Record<'areaSpace' | 'numberOfPeople' | 'seats' | 'numberOfParkingSpaces' | 'leasePrice' | 'sharedCost', number | string>;

const empty: Values = {
  isOffice: false,
  isParking: false,
  isStorage: false,
  isProduction: false,
  isOther: false,
  locations: [],
  title: '',
  floors: '',
  leaseStart: null,
  leaseEnd: null,
  areaSpace: 0,
  numberOfPeople: 0,
  seats: 0,
  numberOfParkingSpaces: 0,
  leaseRenewalDeadline: null,
  increasedFloorSpaceDeadline: null,
  leasePrice: 0,
  consumerPriceIndexDate: null,
  sharedCost: 0,
  description: '',
};

function toValues(lease: Lease): Values {
  const values = { ...empty };
  for (const key of Object.keys(empty) as (keyof Values)[]) (values as Record<string, unknown>)[key] = lease[key as keyof Lease] ?? empty[key];
  return values;
}

const types: [keyof Values, string][] = [
  ['isOffice', 'office'],
  ['isParking', 'parking'],
  ['isStorage', 'storage'],
  ['isProduction', 'production'],
  ['isOther', 'other'],
];
const numbers: [keyof Values, string][] = [
  ['areaSpace', 'area space (m2)'],
  ['numberOfPeople', 'number of people'],
  ['seats', 'seats'],
  ['numberOfParkingSpaces', 'number of parking spaces'],
];
const prices: [keyof Values, string][] = [
  ['leasePrice', 'lease price'],
  ['sharedCost', 'joint cost'],
];

/** Create lease and edit lease (spec part 1, sections 2, 3 and 5). Success returns to the client dashboard. */
export default function LeaseFormPage() {
  const { clientId, leaseId } = useParams();
  const editing = Boolean(leaseId);
  const api = useApi();
  const toast = useToast();
  const navigate = useNavigate();
  const client = useClient(clientId);
  const lease = useLease(leaseId);
  const [stale, setStale] = useState(false);
  const schema = useMemo(() => leaseSchema(new Date(), lease.data?.leaseEnd), [lease.data?.leaseEnd]);

  if (editing && lease.status !== 'ready') {
    if (lease.status === 'failed')
      return (
        <LoadFailure
          resource={lease}
          failedText={messages.common.fetchFailed}
          parent={{ text: client.data?.name ?? 'client', to: pathTo('CLIENT_DASHBOARD', { clientId: clientId! }) }}
          what="lease"
        />
      );
    return <Loading label="Loading lease…" />;
  }
  const initial = lease.data ? toValues(lease.data) : empty;
  const failed = editing ? messages.lease.updateFailed : messages.lease.saveFailed;

  async function submit(values: Values, helpers: FormikHelpers<Values>) {
    const input = schema.cast(values) as LeaseInput;
    try {
      const saved = editing ? await updateLease(api, leaseId!, input, lease.data?.etag) : await createLease(api, clientId!, input);
      toast.success(editing ? messages.lease.updated : messages.lease.saved);
      navigate(pathTo('CLIENT_DASHBOARD', { clientId: clientId! }));
    } catch (error) {
      applySaveError(error, helpers.setErrors, setStale);
      toast.error(failed);
    }
  }

  const locationOptions = (client.data?.locations ?? []).map((l) => ({ key: l.id, text: l.name }));

  return (
    <Stack tokens={{ childrenGap: 16 }} styles={{ root: { maxWidth: 640 } }}>
      <Text as="h1" variant="xxLarge">
        {editing ? `edit ${lease.data?.title ?? 'lease'}` : 'create lease'}
      </Text>
      {client.data && <Text variant="medium">{client.data.name}</Text>}
      {stale && <DataChangedBar />}
      <Formik initialValues={initial} validationSchema={schema} onSubmit={submit} enableReinitialize>
        {({ values, errors, touched, submitCount, handleSubmit, setFieldValue, setFieldTouched, isSubmitting }) => {
          const show = errorShown({ errors, touched, submitCount });
          const day = (field: keyof Values, label: string) => (
            <DayPicker
              label={label}
              value={values[field] as string | null}
              onChange={(iso) => {
                void setFieldValue(field, iso);
                void setFieldTouched(field, true, false);
              }}
              errorMessage={show(field)}
            />
          );
          const number = ([field, label]: [keyof Values, string]) => (
            <TextField
              key={field}
              label={label}
              type="number"
              min={0}
              value={String(values[field] ?? '')}
              onChange={(_, v) => void setFieldValue(field, v ?? '')}
              onBlur={() => void setFieldTouched(field)}
              errorMessage={show(field)}
            />
          );
          return (
            <form onSubmit={handleSubmit} noValidate aria-label={editing ? 'edit lease' : 'create lease'}>
              <Stack tokens={{ childrenGap: 12 }}>
                <fieldset style={{ border: 'none', padding: 0, margin: 0 }}>
                  <legend style={{ fontWeight: 600, marginBottom: 8 }}>lease type</legend>
                  <Stack horizontal wrap tokens={{ childrenGap: 16 }}>
                    {types.map(([field, label]) => (
                      <Checkbox key={field} label={label} checked={Boolean(values[field])} onChange={(_, c) => void setFieldValue(field, Boolean(c))} />
                    ))}
                  </Stack>
                </fieldset>
                <Dropdown
                  label="locations"
                  multiSelect
                  placeholder={locationOptions.length ? messages.validation.pleaseSelect : messages.common.noItems}
                  options={locationOptions}
                  selectedKeys={values.locations}
                  onChange={(_, option) => {
                    if (!option) return;
                    const key = String(option.key);
                    void setFieldValue('locations', option.selected ? [...values.locations, key] : values.locations.filter((k) => k !== key));
                  }}
                  errorMessage={show('locations')}
                />
                <TextField
                  label="title"
                  required
                  value={values.title}
                  onChange={(_, v) => void setFieldValue('title', v ?? '')}
                  onBlur={() => void setFieldTouched('title')}
                  errorMessage={show('title')}
                />
                <TextField label="floors" value={values.floors} onChange={(_, v) => void setFieldValue('floors', v ?? '')} errorMessage={show('floors')} />
                <Stack horizontal wrap tokens={{ childrenGap: 12 }}>
                  {day('leaseStart', 'lease start')}
                  {day('leaseEnd', 'lease end')}
                </Stack>
                <Stack horizontal wrap tokens={{ childrenGap: 12 }}>
                  {numbers.map(number)}
                </Stack>
                <Stack horizontal wrap tokens={{ childrenGap: 12 }}>
                  {day('leaseRenewalDeadline', 'lease renewal deadline')}
                  {day('increasedFloorSpaceDeadline', 'increased floor space deadline')}
                </Stack>
                <Stack horizontal wrap tokens={{ childrenGap: 12 }}>
                  {prices.map(number)}
                  {day('consumerPriceIndexDate', 'consumer price index date')}
                </Stack>
                <TextField
                  label="description"
                  multiline
                  rows={7}
                  value={values.description}
                  onChange={(_, v) => void setFieldValue('description', v ?? '')}
                  errorMessage={show('description')}
                />
                <FormButtons
                  submitText={editing ? 'update lease' : 'create lease'}
                  submitting={isSubmitting}
                  onCancel={() => navigate(pathTo('CLIENT_DASHBOARD', { clientId: clientId! }))}
                />
              </Stack>
            </form>
          );
        }}
      </Formik>
    </Stack>
  );
}
