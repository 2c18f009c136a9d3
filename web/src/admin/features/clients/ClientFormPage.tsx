import { MessageBar, MessageBarType, Stack, Text } from '@fluentui/react';
import { clientSchema, messages, type Client, type ClientInput } from '@movers/contracts';
import type { FormikHelpers } from 'formik';
import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { useApi } from '../../../common/api/ApiContext.tsx';
import { ConfirmDialog } from '../../../common/ConfirmDialog.tsx';
import { DataChangedBar } from '../../../common/forms/DataChangedBar.tsx';
import { CheckInput, SearchableChoiceInput, TextInput } from '../../../common/forms/fields.tsx';
import { Form, useFormState } from '../../../common/forms/Form.tsx';
import { FormButtons } from '../../../common/forms/FormButtons.tsx';
import { applySaveError } from '../../../common/forms/saveError.ts';
import { useFieldState } from '../../../common/forms/useFieldState.ts';
import { useToast } from '../../../common/toast/Toasts.tsx';
import { rememberSavedClient } from './savedClient.ts';
import { Loading } from '../../auth/Guard.tsx';
import { pathTo } from '../../routeTable.ts';
import { LoadFailure } from '../../shell/LoadFailure.tsx';
import { clientRestored, createClient, updateClient, useClient, useClients, useCountries } from './api.ts';
import { useLikelyCountries } from './likelyCountries.ts';
import { HistoryPanel } from '../../../common/history/HistoryPanel.tsx';
import { castValues } from '../../../common/forms/castValues.ts';

/** The client's fields in the history as this screen names them. */
const historyLabels: Record<string, string> = {
  name: 'name',
  orgNumber: 'org number',
  countryId: 'country',
  active: 'active',
  countOfLocations: 'locations',
  countOfActiveLocations: 'active locations',
};

const empty: ClientInput = { name: '', orgNumber: '', countryId: '', active: false };

const sameOrgNumber = (a: string, b: string) => a.replace(/\s/g, '').toLowerCase() === b.replace(/\s/g, '').toLowerCase();

export const duplicateOrgNumberText = (other: Pick<Client, 'name' | 'orgNumber'>) => `${other.name} already has the org number ${other.orgNumber}.`;

/** Add client and edit client (spec part 1, section 5). */
export default function ClientFormPage() {
  const { clientId } = useParams();
  const editing = Boolean(clientId);
  const api = useApi();
  const toast = useToast();
  const navigate = useNavigate();
  const countries = useCountries();
  const likely = useLikelyCountries();
  const client = useClient(clientId);
  const clients = useClients();
  const [stale, setStale] = useState(false);
  const [duplicateToConfirm, setDuplicateToConfirm] = useState<Client | null>(null);
  /** The org number the user chose to save again although another client has it. */
  const [confirmedOrgNumber, setConfirmedOrgNumber] = useState<string | null>(null);

  if (editing && client.status !== 'ready') {
    if (client.status === 'failed')
      return <LoadFailure resource={client} failedText={messages.client.fetchFailed} parent={{ text: 'clients', to: pathTo('CLIENTS_ROOT') }} what="client" />;
    return <Loading label="Loading client…" />;
  }
  const initial: ClientInput = client.data
    ? { name: client.data.name, orgNumber: client.data.orgNumber, countryId: client.data.country.id, active: client.data.active }
    : empty;
  const parent = editing ? pathTo('CLIENT_DASHBOARD', { clientId: clientId! }) : pathTo('CLIENTS_ROOT');
  // Only a number the user types is questioned: an edit keeping the client's own number is not.
  const duplicateOf = (orgNumber: string) =>
    orgNumber.trim() && !(editing && sameOrgNumber(initial.orgNumber, orgNumber))
      ? clients.data?.find((c) => c.id !== clientId && sameOrgNumber(c.orgNumber, orgNumber))
      : undefined;

  async function submit(values: ClientInput, helpers: FormikHelpers<ClientInput>) {
    const other = duplicateOf(values.orgNumber);
    if (other && confirmedOrgNumber !== values.orgNumber) {
      setDuplicateToConfirm(other);
      return;
    }
    const input = castValues(clientSchema, values);
    try {
      const saved = editing ? await updateClient(api, clientId!, input, client.data?.etag) : await createClient(api, input);
      toast.success(messages.client.saved);
      // The list it came from says so when its filters hide it (ClientsListPage).
      rememberSavedClient(saved.id);
      // The new or changed client itself: the list's default filter could hide a new inactive client.
      navigate(pathTo('CLIENT_DASHBOARD', { clientId: saved.id }));
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
      <Form initialValues={initial} validationSchema={clientSchema} onSubmit={submit} enableReinitialize label={editing ? 'edit client' : 'add client'}>
        <Stack tokens={{ childrenGap: 12 }}>
          <TextInput name="name" label="name" required />
          <TextInput name="orgNumber" label="org number" required />
          <DuplicateOrgNumberWarning duplicateOf={duplicateOf} />
          <SearchableChoiceInput
            name="countryId"
            label="country"
            required
            choices={(countries.data ?? []).map((c) => ({ key: c.id, text: c.name }))}
            first={likely}
          />
          <CheckInput name="active" label="active" />
          <FormButtons cancelTo={parent} />
        </Stack>
        <DuplicateConfirm
          other={duplicateToConfirm}
          onConfirm={(orgNumber) => {
            setConfirmedOrgNumber(orgNumber);
            setDuplicateToConfirm(null);
          }}
          onCancel={() => setDuplicateToConfirm(null)}
        />
      </Form>
      {editing && client.data && (
        <HistoryPanel
          source={{ kind: 'client', recordId: client.data.id }}
          etag={client.data.etag}
          version={client.data.etag}
          fieldLabels={historyLabels}
          formatValue={(field, value) =>
            field === 'countryId' && typeof value === 'string' ? (countries.data?.find((c) => c.id === value)?.name ?? value) : undefined
          }
          onRestored={() => {
            setStale(false);
            void clientRestored(client.data!.id);
          }}
        />
      )}
    </Stack>
  );
}

/** Asks before saving a second client with an org number another client has; saying yes submits again. */
function DuplicateConfirm({ other, onConfirm, onCancel }: { other: Client | null; onConfirm: (orgNumber: string) => void; onCancel: () => void }) {
  const { submit } = useFormState();
  const orgNumber = useFieldState<string>('orgNumber').value ?? '';
  const [confirmed, setConfirmed] = useState(false);
  // Submit once the parent knows the org number is confirmed, i.e. on the render after the answer.
  useEffect(() => {
    if (!confirmed) return;
    setConfirmed(false);
    submit();
  }, [confirmed, submit]);
  return (
    <ConfirmDialog
      open={other !== null}
      title="save a client with the same org number?"
      text={other ? `${duplicateOrgNumberText(other)} Save this client as well?` : ''}
      confirmText="save anyway"
      onConfirm={() => {
        onConfirm(orgNumber);
        setConfirmed(true);
      }}
      onCancel={onCancel}
    />
  );
}

/** Said as soon as the org number is left, naming the client that already has it. */
function DuplicateOrgNumberWarning({ duplicateOf }: { duplicateOf: (orgNumber: string) => Client | undefined }) {
  const field = useFieldState<string>('orgNumber');
  const other = duplicateOf(field.value ?? '');
  if (!other) return null;
  return (
    <MessageBar messageBarType={MessageBarType.warning} role="status">
      {duplicateOrgNumberText(other)}
    </MessageBar>
  );
}
