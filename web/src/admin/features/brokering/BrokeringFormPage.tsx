import { MessageBar, MessageBarType, Stack, Text } from '@fluentui/react';
import { brokeringSchema, messages, type BrokeringInput } from '@movers/contracts';
import type { FormikHelpers } from 'formik';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { useApi } from '../../../common/api/ApiContext.tsx';
import { DataChangedBar } from '../../../common/forms/DataChangedBar.tsx';
import { TextInput } from '../../../common/forms/fields.tsx';
import { Form } from '../../../common/forms/Form.tsx';
import { byFormField, formErrors } from '../../../common/forms/formErrors.ts';
import { PeopleInput } from '../../../common/people/PeopleInput.tsx';
import { FormButtons } from '../../../common/forms/FormButtons.tsx';
import { useToast } from '../../../common/toast/Toasts.tsx';
import { Loading } from '../../auth/Guard.tsx';
import { pathTo } from '../../routeTable.ts';
import { Crumbs } from '../../shell/Crumbs.tsx';
import { brokeringRestored, createBrokering, updateBrokering, useBrokering, useClientExternalUsers, useInternalUsers } from './api.ts';
import { HistoryPanel } from '../../../common/history/HistoryPanel.tsx';
import { useClient } from '../clients/index.ts';
import { LoadFailure } from '../../shell/LoadFailure.tsx';
import { applySaveError } from '../../../common/forms/saveError.ts';
import { castValues } from '../../../common/forms/castValues.ts';

interface FormValues {
  name: string;
  clientContact: string;
  projectManager: string;
  teamMembers: string[];
  externalTeamMembers: string[];
  documentPrefix: string;
  documentProjectId: string;
}

const empty: FormValues = {
  name: '',
  clientContact: '',
  projectManager: '',
  teamMembers: [],
  externalTeamMembers: [],
  documentPrefix: '',
  documentProjectId: '',
};

const toInput = (v: FormValues): BrokeringInput => ({
  name: v.name,
  clientContact: v.clientContact ? { id: v.clientContact } : null,
  projectManager: v.projectManager ? { id: v.projectManager } : null,
  teamMembers: v.teamMembers.map((id) => ({ id })),
  externalTeamMembers: v.externalTeamMembers.map((id) => ({ id })),
  documentPrefix: v.documentPrefix,
  documentProjectId: v.documentProjectId,
});

/** The project's fields in the history as this screen names them. */
const historyLabels: Record<string, string> = {
  name: 'project name',
  clientContact: 'main client contact',
  externalTeamMembers: 'external team members',
  projectManager: 'project manager',
  teamMembers: 'team members',
  documentPrefix: 'document prefix',
  documentProjectId: 'document project id',
};
const peopleFields = new Set(['clientContact', 'externalTeamMembers', 'projectManager', 'teamMembers']);

/** Create brokering project (CREATE_BROKERING_SERVICE) and edit it (EDIT_BROKERING_PROJECT). */
export default function BrokeringFormPage() {
  const { clientId, brokeringId } = useParams();
  const editing = Boolean(brokeringId);
  const api = useApi();
  const toast = useToast();
  const navigate = useNavigate();
  const client = useClient(clientId);
  const brokering = useBrokering(brokeringId);
  const internalUsers = useInternalUsers();
  const externalUsers = useClientExternalUsers(clientId);
  const [stale, setStale] = useState(false);

  if (client.status === 'failed')
    return <LoadFailure resource={client} failedText={messages.common.fetchFailed} parent={{ text: 'clients', to: pathTo('CLIENTS_ROOT') }} what="client" />;
  if (editing && brokering.status === 'failed')
    return (
      <LoadFailure
        resource={brokering}
        failedText={messages.brokering.fetchFailed}
        parent={{ text: client.data?.name ?? 'client', to: pathTo('CLIENT_DASHBOARD', { clientId: clientId! }) }}
        what="brokering project"
      />
    );
  if (client.status !== 'ready' || (editing && brokering.status !== 'ready')) return <Loading label="Loading…" />;

  const b = brokering.data;
  const initial: FormValues = b
    ? {
        name: b.name,
        clientContact: b.clientContact?.id ?? '',
        projectManager: b.projectManager?.id ?? '',
        teamMembers: b.teamMembers.map((m) => m.id),
        externalTeamMembers: b.externalTeamMembers.map((m) => m.id),
        documentPrefix: b.documentPrefix,
        documentProjectId: b.documentProjectId,
      }
    : empty;

  // People already on the project stay visible even if a list could not be read.
  const knownInternal = [b?.projectManager, ...(b?.teamMembers ?? [])].filter((p) => p !== null && p !== undefined);
  const knownExternal = [b?.clientContact, ...(b?.externalTeamMembers ?? [])].filter((p) => p !== null && p !== undefined);
  const externalPeople = (externalUsers.data ?? []).map(({ user }) => user);

  async function submit(values: FormValues, helpers: FormikHelpers<FormValues>) {
    const input = castValues(brokeringSchema, toInput(values));
    try {
      if (editing) {
        const saved = await updateBrokering(api, brokeringId!, input, b?.etag);
        toast.success(messages.brokering.saved);
        navigate(pathTo('BROKERING_DASHBOARD', { clientId: clientId!, brokeringId: saved.id }));
      } else {
        await createBrokering(api, clientId!, input);
        toast.success(messages.brokering.saved);
        navigate(pathTo('CLIENT_DASHBOARD', { clientId: clientId! }));
      }
    } catch (error) {
      applySaveError(error, (fields) => helpers.setErrors(byFormField(fields)), setStale);
      toast.error(editing ? messages.brokering.updateFailed : messages.brokering.saveFailed);
    }
  }

  const parent = editing
    ? pathTo('BROKERING_DASHBOARD', { clientId: clientId!, brokeringId: brokeringId! })
    : pathTo('CLIENT_DASHBOARD', { clientId: clientId! });
  const title = editing ? `edit ${b?.name ?? ''}` : 'create brokering project';
  return (
    <Stack tokens={{ childrenGap: 16 }} styles={{ root: { maxWidth: 560 } }}>
      <Crumbs
        items={[
          { key: 'client', text: client.data!.name, to: pathTo('CLIENT_DASHBOARD', { clientId: clientId! }) },
          ...(editing ? [{ key: 'project', text: b!.name, to: pathTo('BROKERING_DASHBOARD', { clientId: clientId!, brokeringId: brokeringId! }) }] : []),
          { key: 'page', text: editing ? 'edit' : 'create brokering project' },
        ]}
      />
      <Text as="h1" variant="xxLarge">
        {title}
      </Text>
      {stale && <DataChangedBar />}
      <Form initialValues={initial} validate={(v: FormValues) => formErrors(brokeringSchema, toInput(v))} onSubmit={submit} enableReinitialize label={title}>
        <Stack tokens={{ childrenGap: 12 }}>
          <Text as="h2" variant="xLarge">
            general information
          </Text>
          <TextInput name="name" label="project name" required />
          {externalUsers.status === 'failed' && <MessageBar messageBarType={MessageBarType.error}>{messages.brokering.externalUsersFailed}</MessageBar>}
          <PeopleInput name="clientContact" label="main client contact" single people={externalPeople} known={knownExternal} />
          <PeopleInput name="externalTeamMembers" label="external team members" people={externalPeople} known={knownExternal} />
          {internalUsers.status === 'failed' && <MessageBar messageBarType={MessageBarType.error}>{messages.brokering.internalUsersFailed}</MessageBar>}
          <PeopleInput name="projectManager" label="project manager" single people={internalUsers.data ?? []} known={knownInternal} />
          <PeopleInput name="teamMembers" label="team members" required people={internalUsers.data ?? []} known={knownInternal} />
          <Text as="h2" variant="xLarge">
            document store
          </Text>
          <TextInput name="documentPrefix" label="document prefix" required description="folder of the document library, e.g. Brokering" />
          <TextInput name="documentProjectId" label="document project id" required description="the project's folder inside it, e.g. P-1001" />
          <FormButtons cancelTo={parent} />
        </Stack>
      </Form>
      {editing && b && (
        <HistoryPanel
          source={{ kind: 'brokering', recordId: b.id }}
          etag={b.etag}
          version={b.etag}
          fieldLabels={historyLabels}
          formatValue={(field, value) => {
            if (!peopleFields.has(field) || value === null || typeof value !== 'object') return undefined;
            const known = [...knownInternal, ...knownExternal, ...(internalUsers.data ?? []), ...externalPeople];
            // Someone no list at hand knows any more is said so, never shown by their id.
            const name = (ref: { id: string }) => known.find((p) => p.id === ref.id)?.displayName ?? 'someone no longer listed';
            return (Array.isArray(value) ? value.map(name) : [name(value as { id: string })]).join(', ') || '—';
          }}
          onRestored={() => {
            setStale(false);
            void brokeringRestored(b.clientId, b.id);
          }}
        />
      )}
    </Stack>
  );
}
