import { Stack, Text } from '@fluentui/react';
import { formatDottedDay, leaseSchema, messages, type Lease, type LeaseInput } from '@movers/contracts';
import type { FormikHelpers } from 'formik';
import { useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { useApi } from '../../../common/api/ApiContext.tsx';
import { DataChangedBar } from '../../../common/forms/DataChangedBar.tsx';
import { DayInput } from '../../../common/forms/DayInput.tsx';
import { CheckInput, MultiChoiceInput, NumberInput, TextInput } from '../../../common/forms/fields.tsx';
import { Form } from '../../../common/forms/Form.tsx';
import { FormButtons } from '../../../common/forms/FormButtons.tsx';
import { useToast } from '../../../common/toast/Toasts.tsx';
import { Loading } from '../../auth/Guard.tsx';
import { pathTo } from '../../routeTable.ts';
import { createLease, leaseRestored, updateLease, useLease } from './api.ts';
import { HistoryPanel } from '../../../common/history/HistoryPanel.tsx';
import { LoadFailure } from '../../shell/LoadFailure.tsx';
import { useClient } from '../clients/index.ts';
import { applySaveError } from '../../../common/forms/saveError.ts';
import { castValues } from '../../../common/forms/castValues.ts';

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
const counts: [keyof Values, string][] = [
  ['numberOfPeople', 'number of people'],
  ['seats', 'seats'],
  ['numberOfParkingSpaces', 'number of parking spaces'],
];

/** The lease's fields in the history as this screen names them. */
const historyLabels: Record<string, string> = {
  ...Object.fromEntries([...types, ...counts]),
  locations: 'locations',
  title: 'title',
  floors: 'floors',
  leaseStart: 'lease start',
  leaseEnd: 'lease end',
  areaSpace: 'area space (m2)',
  leaseRenewalDeadline: 'lease renewal deadline',
  increasedFloorSpaceDeadline: 'increased floor space deadline',
  leasePrice: 'lease price',
  sharedCost: 'joint cost',
  consumerPriceIndexDate: 'consumer price index date',
  description: 'description',
};
const dayFields = new Set(['leaseStart', 'leaseEnd', 'leaseRenewalDeadline', 'increasedFloorSpaceDeadline', 'consumerPriceIndexDate']);

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
    const input = castValues(schema, values) as unknown as LeaseInput;
    try {
      await (editing ? updateLease(api, leaseId!, input, lease.data?.etag) : createLease(api, clientId!, input));
      toast.success(editing ? messages.lease.updated : messages.lease.saved);
      navigate(pathTo('CLIENT_DASHBOARD', { clientId: clientId! }));
    } catch (error) {
      applySaveError(error, helpers.setErrors, setStale);
      toast.error(failed);
    }
  }

  const locationChoices = (client.data?.locations ?? []).map((l) => ({ key: l.id, text: l.name }));

  return (
    <Stack tokens={{ childrenGap: 16 }} styles={{ root: { maxWidth: 640 } }}>
      <Text as="h1" variant="xxLarge">
        {editing ? `edit ${lease.data?.title ?? 'lease'}` : 'create lease'}
      </Text>
      {client.data && <Text variant="medium">{client.data.name}</Text>}
      {stale && <DataChangedBar />}
      <Form initialValues={initial} validationSchema={schema} onSubmit={submit} enableReinitialize label={editing ? 'edit lease' : 'create lease'}>
        <Stack tokens={{ childrenGap: 12 }}>
          <fieldset style={{ border: 'none', padding: 0, margin: 0 }}>
            <legend style={{ fontWeight: 600, marginBottom: 8 }}>lease type</legend>
            <Stack horizontal wrap tokens={{ childrenGap: 16 }}>
              {types.map(([field, label]) => (
                <CheckInput key={field} name={field} label={label} />
              ))}
            </Stack>
          </fieldset>
          <MultiChoiceInput name="locations" label="locations" choices={locationChoices} emptyText={messages.common.noItems} />
          <TextInput name="title" label="title" required />
          <TextInput name="floors" label="floors" />
          <Stack horizontal wrap tokens={{ childrenGap: 12 }}>
            <DayInput name="leaseStart" label="lease start" />
            <DayInput name="leaseEnd" label="lease end" />
          </Stack>
          <Stack horizontal wrap tokens={{ childrenGap: 12 }}>
            <NumberInput name="areaSpace" label="area space (m2)" />
            {counts.map(([field, label]) => (
              <NumberInput key={field} name={field} label={label} whole />
            ))}
          </Stack>
          <Stack horizontal wrap tokens={{ childrenGap: 12 }}>
            <DayInput name="leaseRenewalDeadline" label="lease renewal deadline" />
            <DayInput name="increasedFloorSpaceDeadline" label="increased floor space deadline" />
          </Stack>
          <Stack horizontal wrap tokens={{ childrenGap: 12 }}>
            <NumberInput name="leasePrice" label="lease price" />
            <NumberInput name="sharedCost" label="joint cost" />
            <DayInput name="consumerPriceIndexDate" label="consumer price index date" />
          </Stack>
          <TextInput name="description" label="description" multiline rows={7} />
          <FormButtons submitText={editing ? 'update lease' : 'create lease'} cancelTo={pathTo('CLIENT_DASHBOARD', { clientId: clientId! })} />
        </Stack>
      </Form>
      {editing && lease.data && (
        <HistoryPanel
          source={{ kind: 'lease', recordId: lease.data.id }}
          etag={lease.data.etag}
          version={lease.data.etag}
          fieldLabels={historyLabels}
          formatValue={(field, value) => {
            if (dayFields.has(field) && typeof value === 'string') return formatDottedDay(value);
            if (field === 'locations' && Array.isArray(value))
              return value.map((id) => locationChoices.find((l) => l.key === id)?.text ?? 'a removed location').join(', ') || '—';
            return undefined;
          }}
          onRestored={() => {
            setStale(false);
            void leaseRestored(lease.data!.clientId, lease.data!.id);
          }}
        />
      )}
    </Stack>
  );
}
