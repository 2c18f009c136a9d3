import { DefaultButton, DetailsList, DetailsListLayoutMode, SelectionMode, Stack, Text, type IColumn } from '@fluentui/react';
import { formatDottedDay, messages, type Lease } from '@movers/contracts';
import { useApi } from '../../../common/api/ApiContext.tsx';
import { LinkButton } from '../../../common/LinkButton.tsx';
import { useToast } from '../../../common/toast/Toasts.tsx';
import { Loading } from '../../auth/Guard.tsx';
import { useSession } from '../../auth/Session.tsx';
import { pathTo } from '../../routeTable.ts';
import { downloadCalendar, useLeases } from './api.ts';

const dates = (l: Lease) => [formatDottedDay(l.leaseStart), formatDottedDay(l.leaseEnd)].filter(Boolean).join(' – ') || '—';

/** The client dashboard's leases section (internal users only, decisions.md). */
export function LeasesSection({ clientId, clientName }: { clientId: string; clientName: string }) {
  const { user } = useSession();
  const internal = Boolean(user) && !user!.isExternal;
  const leases = useLeases(internal ? clientId : undefined);
  const api = useApi();
  const toast = useToast();
  if (!internal) return null;

  const columns: IColumn[] = [
    { key: 'title', name: 'title', fieldName: 'title', minWidth: 180, isResizable: true },
    { key: 'dates', name: 'lease period', minWidth: 170, onRender: dates },
    { key: 'reminders', name: 'reminders', minWidth: 80, onRender: (l: Lease) => String(l.remindersCount) },
    {
      key: 'actions',
      name: 'actions',
      minWidth: 260,
      onRender: (l: Lease) => (
        <Stack horizontal tokens={{ childrenGap: 8 }}>
          <LinkButton to={pathTo('EDIT_LEASE', { clientId, leaseId: l.id })} text="edit lease" ariaLabel={`edit lease ${l.title}`} />
          <LinkButton to={pathTo('REMINDERS', { clientId, leaseId: l.id })} text="reminders" ariaLabel={`reminders of ${l.title}`} />
        </Stack>
      ),
    },
  ];

  const fileName = `${clientName.replace(/[^A-Za-z0-9._-]+/g, '-')}-leases.ics`;
  return (
    <section aria-labelledby="leases-heading">
      <Stack horizontal horizontalAlign="space-between" verticalAlign="center" wrap tokens={{ childrenGap: 8 }}>
        <Text as="h2" variant="xLarge" id="leases-heading">
          leases
        </Text>
        <Stack horizontal tokens={{ childrenGap: 8 }}>
          <DefaultButton
            text="download calendar"
            iconProps={{ iconName: 'Calendar' }}
            onClick={() => void downloadCalendar(api, clientId, fileName).catch(() => toast.error(messages.common.fetchFailed))}
          />
          <LinkButton to={pathTo('CREATE_LEASE', { clientId })} text="create lease" iconProps={{ iconName: 'Add' }} />
        </Stack>
      </Stack>
      {leases.status === 'failed' ? (
        <Text as="p">{messages.common.fetchFailed}</Text>
      ) : leases.status !== 'ready' ? (
        <Loading label="Loading leases…" />
      ) : leases.data!.length === 0 ? (
        <Text as="p">{messages.common.noItems}</Text>
      ) : (
        <DetailsList
          items={leases.data!}
          columns={columns}
          selectionMode={SelectionMode.none}
          layoutMode={DetailsListLayoutMode.justified}
          ariaLabelForGrid="leases"
          onShouldVirtualize={() => false}
        />
      )}
    </section>
  );
}
