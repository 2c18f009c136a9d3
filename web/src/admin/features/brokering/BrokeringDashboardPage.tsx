import { Link, Stack, Text } from '@fluentui/react';
import { messages, type PersonRef } from '@movers/contracts';
import type { ReactNode } from 'react';
import { useParams } from 'react-router-dom';
import { LinkButton } from '../../../common/LinkButton.tsx';
import { Loading } from '../../auth/Guard.tsx';
import { useSession } from '../../auth/Session.tsx';
import { pathTo } from '../../routeTable.ts';
import { Crumbs } from '../../shell/Crumbs.tsx';
import { Timeline } from '../timeline/index.ts';
import { useBrokering, useDocuments } from './api.ts';
import { useClient } from '../clients/index.ts';
import { LoadFailure } from '../../shell/LoadFailure.tsx';
import { DocumentTree } from './DocumentTree.tsx';
import { DocumentsConsent } from './DocumentsConsent.tsx';

const boxStyle = { root: { border: '1px solid #c8c6c4', borderRadius: 4, padding: 16, background: '#fff', flex: '1 1 340px', minWidth: 300 } };
const errorText = { root: { color: '#a4262c' } };

function Box({ id, title, action, children, wide }: { id: string; title: string; action?: ReactNode; children: ReactNode; wide?: boolean }) {
  return (
    <Stack as="section" aria-labelledby={id} tokens={{ childrenGap: 12 }} styles={wide ? { root: { ...boxStyle.root, flex: 'none' } } : boxStyle}>
      <Stack horizontal horizontalAlign="space-between" verticalAlign="center">
        <Text as="h2" variant="xLarge" id={id} styles={{ root: { margin: 0 } }}>
          {title}
        </Text>
        {action}
      </Stack>
      {children}
    </Stack>
  );
}

function Person({ person }: { person: PersonRef | null }) {
  if (!person) return <Text>—</Text>;
  return (
    <Text>
      {person.displayName || person.id}
      {person.mail && (
        <>
          {' · '}
          <Link href={`mailto:${person.mail}`}>{person.mail}</Link>
        </>
      )}
    </Text>
  );
}

function People({ people }: { people: PersonRef[] }) {
  if (people.length === 0) return <Text>{messages.common.noItems}</Text>;
  return (
    <ul style={{ margin: 0, paddingLeft: 20 }}>
      {people.map((p) => (
        <li key={p.id}>
          <Person person={p} />
        </li>
      ))}
    </ul>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack tokens={{ childrenGap: 2 }}>
      <Text variant="small" styles={{ root: { fontWeight: 600, color: '#605e5c' } }}>
        {label}
      </Text>
      {children}
    </Stack>
  );
}

function Documents({ brokeringId }: { brokeringId: string }) {
  const { outcome, data, allowAccess } = useDocuments(brokeringId);
  if (outcome === 'loading') return <Loading label="Loading documents…" />;
  if (outcome === 'consentNeeded') return <DocumentsConsent allowAccess={allowAccess} />;
  if (outcome === 'noDocuments') return <Text as="p">{messages.brokering.noDocuments}</Text>;
  if (outcome === 'forbidden')
    return (
      <Text as="p" role="alert" styles={errorText}>
        {messages.brokering.documentsForbidden}
      </Text>
    );
  if (outcome === 'failed' || !data)
    return (
      <Text as="p" role="alert" styles={errorText}>
        {messages.brokering.documentsFailed}
      </Text>
    );
  if (data.filetree.length === 0) return <Text as="p">{messages.common.noItems}</Text>;
  return <DocumentTree documents={data} />;
}

/** BROKERING_DASHBOARD: general information, the document tree and the timeline of one project. */
export default function BrokeringDashboardPage() {
  const { clientId, brokeringId } = useParams();
  const { user } = useSession();
  const client = useClient(clientId);
  const brokering = useBrokering(brokeringId);
  const internal = !user?.isExternal;

  if (client.status === 'failed')
    return <LoadFailure resource={client} failedText={messages.common.fetchFailed} parent={{ text: 'clients', to: pathTo('CLIENTS_ROOT') }} what="client" />;
  if (brokering.status === 'failed')
    return (
      <LoadFailure
        resource={brokering}
        failedText={messages.brokering.fetchFailed}
        parent={{ text: client.data?.name ?? 'client', to: pathTo('CLIENT_DASHBOARD', { clientId: clientId! }) }}
        what="brokering project"
      />
    );
  if (client.status !== 'ready' || brokering.status !== 'ready' || !brokering.data) return <Loading label="Loading brokering project…" />;
  const b = brokering.data;
  const params = { clientId: clientId!, brokeringId: b.id };

  return (
    <Stack tokens={{ childrenGap: 20 }}>
      <Crumbs
        items={[
          { key: 'client', text: client.data!.name, to: pathTo('CLIENT_DASHBOARD', { clientId: clientId! }) },
          { key: 'project', text: b.name },
        ]}
      />
      <Text as="h1" variant="xxLarge">
        {b.name}
      </Text>
      <Stack horizontal wrap tokens={{ childrenGap: 20 }}>
        <Box
          id="general-heading"
          title="general information"
          action={
            internal && (
              <LinkButton to={pathTo('EDIT_BROKERING_PROJECT', params)} text="edit" ariaLabel="edit brokering project" iconProps={{ iconName: 'Edit' }} />
            )
          }
        >
          <Field label="client contact person">
            <Person person={b.clientContact} />
          </Field>
          <Field label="project manager">
            <Person person={b.projectManager} />
          </Field>
          <Field label="team">
            <People people={b.teamMembers} />
          </Field>
          <Field label="external team members">
            <People people={b.externalTeamMembers} />
          </Field>
        </Box>
        <Box id="documents-heading" title="documents">
          <Documents brokeringId={b.id} />
        </Box>
      </Stack>
      <Box
        wide
        id="timeline-heading"
        title="timeline"
        action={
          <LinkButton
            to={pathTo('BROKERING_TIMELINE', params)}
            text={internal ? 'edit' : 'open'}
            ariaLabel={internal ? 'edit timeline' : 'open timeline'}
            iconProps={{ iconName: internal ? 'Edit' : 'Timeline' }}
          />
        }
      >
        <Timeline owner={{ kind: 'brokering', id: b.id }} editable={false} />
      </Box>
    </Stack>
  );
}
