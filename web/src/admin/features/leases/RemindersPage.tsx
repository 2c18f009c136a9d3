import { Checkbox, DefaultButton, Dropdown, IconButton, Stack, Text } from '@fluentui/react';
import {
  DEFAULT_REMINDER_FILTER,
  filterReminders,
  formatDottedDay,
  messages,
  reminderFilters,
  type Reminder,
  type ReminderFilter,
  type ReminderInput,
} from '@movers/contracts';
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { useApi } from '../../../common/api/ApiContext.tsx';
import { ConfirmDialog } from '../../../common/ConfirmDialog.tsx';
import { LinkButton } from '../../../common/LinkButton.tsx';
import { useToast } from '../../../common/toast/Toasts.tsx';
import { Loading } from '../../auth/Guard.tsx';
import { pathTo } from '../../routeTable.ts';
import { createReminder, deleteReminder, reminderRestored, updateReminder, useLease, useReminders } from './api.ts';
import { HistoryPanel } from '../../../common/history/HistoryPanel.tsx';
import { ReminderForm } from './ReminderForm.tsx';
import { useClient } from '../clients/index.ts';
import { LoadFailure } from '../../shell/LoadFailure.tsx';

/** A reminder's fields in its history as the form names them. */
const historyLabels: Record<string, string> = {
  title: 'title',
  description: 'description',
  dueDate: 'due date',
  done: 'done',
  doneComment: 'done comment',
  sentAt: 'sent',
};

function status(r: Reminder): string {
  if (r.done) return 'done';
  if (r.sentAt) return `sent ${formatDottedDay(r.sentAt)}`;
  if (r.unsent) return 'due, not sent';
  return 'upcoming';
}

/** Reminders of one lease (spec part 1, sections 2, 4 and 8). */
export default function RemindersPage() {
  const { clientId, leaseId } = useParams();
  const api = useApi();
  const toast = useToast();
  const lease = useLease(leaseId);
  const client = useClient(clientId);
  const reminders = useReminders(leaseId);
  const [adding, setAdding] = useState(false);
  const [show, setShow] = useState<ReminderFilter>(DEFAULT_REMINDER_FILTER);
  const [hidePast, setHidePast] = useState(false);
  const [expanded, setExpanded] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<Reminder | null>(null);

  if (lease.status === 'failed')
    return (
      <LoadFailure
        resource={lease}
        failedText={messages.common.fetchFailed}
        parent={{ text: client.data?.name ?? 'client', to: pathTo('CLIENT_DASHBOARD', { clientId: clientId! }) }}
        what="lease"
      />
    );
  if (lease.status !== 'ready') return <Loading label="Loading lease…" />;

  async function add(input: ReminderInput) {
    try {
      await createReminder(api, leaseId!, input);
    } catch (error) {
      toast.error(messages.reminders.addFailed);
      throw error;
    }
    toast.success(messages.reminders.added);
    setAdding(false);
  }

  async function update(reminder: Reminder, input: ReminderInput) {
    try {
      await updateReminder(api, reminder.id, input, reminder.etag);
    } catch (error) {
      toast.error(messages.reminders.updateFailed);
      throw error;
    }
    toast.success(messages.reminders.updated);
    setExpanded(null);
  }

  async function remove(reminder: Reminder) {
    setConfirming(null);
    try {
      await deleteReminder(api, reminder);
      toast.success(messages.reminders.deleted);
      setExpanded(null);
    } catch {
      toast.error(messages.reminders.deleteFailed);
      await reminders.reload();
    }
  }

  const all = reminders.data ?? [];
  const rows = filterReminders(all, { show, hidePast }, new Date());

  return (
    <Stack tokens={{ childrenGap: 16 }}>
      <Stack horizontal horizontalAlign="space-between" verticalAlign="center" wrap tokens={{ childrenGap: 12 }}>
        <Text as="h1" variant="xxLarge">
          reminders for {lease.data!.title}
        </Text>
        <LinkButton to={pathTo('CLIENT_DASHBOARD', { clientId: clientId! })} text="back to client" iconProps={{ iconName: 'Back' }} />
      </Stack>
      <div>
        <DefaultButton
          text="add reminder"
          iconProps={{ iconName: adding ? 'ChevronUp' : 'Add' }}
          aria-expanded={adding}
          onClick={() => setAdding((open) => !open)}
        />
      </div>
      {adding && <ReminderForm label="add reminder" submitText="save reminder" onSave={add} onCancel={() => setAdding(false)} />}
      <Stack horizontal verticalAlign="end" wrap tokens={{ childrenGap: 24 }}>
        <Dropdown
          label="show reminders"
          selectedKey={show}
          options={reminderFilters.map((f) => ({ key: f, text: f }))}
          onChange={(_, o) => o && setShow(o.key as ReminderFilter)}
          styles={{ root: { width: 180 } }}
        />
        <Checkbox label="filter past reminders" checked={hidePast} onChange={(_, c) => setHidePast(Boolean(c))} />
      </Stack>
      {reminders.status === 'failed' ? (
        <Text as="p">{messages.common.fetchFailed}</Text>
      ) : reminders.status !== 'ready' ? (
        <Loading label="Loading reminders…" />
      ) : all.length === 0 ? (
        <Text as="p">{messages.common.noItems}</Text>
      ) : rows.length === 0 ? (
        <Text as="p">{messages.common.noMatch}</Text>
      ) : (
        <ul aria-label="reminders" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {rows.map((r) => {
            const open = expanded === r.id;
            const panelId = `reminder-${r.id}`;
            return (
              <li key={r.id} style={{ borderBottom: '1px solid #e1dfdd', padding: '8px 0' }}>
                {/* The whole row opens and closes it for the mouse; the chevron button is the keyboard's way. */}
                <Stack
                  horizontal
                  verticalAlign="center"
                  tokens={{ childrenGap: 12 }}
                  styles={{ root: { cursor: 'pointer' } }}
                  onClick={(event) => {
                    if (!(event.target as HTMLElement).closest('button')) setExpanded(open ? null : r.id);
                  }}
                >
                  <IconButton
                    iconProps={{ iconName: open ? 'ChevronDown' : 'ChevronRight' }}
                    ariaLabel={`${open ? 'collapse' : 'expand'} ${r.title}`}
                    aria-expanded={open}
                    aria-controls={panelId}
                    onClick={() => setExpanded(open ? null : r.id)}
                  />
                  <Text styles={{ root: { minWidth: 100 } }}>{formatDottedDay(r.dueDate)}</Text>
                  <Text styles={{ root: { flexGrow: 1, fontWeight: 600 } }}>{r.title}</Text>
                  <Text>{status(r)}</Text>
                  <IconButton iconProps={{ iconName: 'Delete' }} ariaLabel={`delete ${r.title}`} onClick={() => setConfirming(r)} />
                </Stack>
                {open && (
                  <div id={panelId} style={{ padding: '12px 0 12px 44px' }}>
                    <ReminderForm
                      key={r.etag}
                      label={`edit ${r.title}`}
                      submitText="update reminder"
                      initial={{ title: r.title, description: r.description, dueDate: r.dueDate, done: r.done, doneComment: r.doneComment }}
                      onSave={(input) => update(r, input)}
                      onCancel={() => setExpanded(null)}
                    />
                    <HistoryPanel
                      source={{ kind: 'reminder', recordId: r.id }}
                      etag={r.etag}
                      version={r.etag}
                      heading={`History of ${r.title}`}
                      fieldLabels={historyLabels}
                      formatValue={(field, value) =>
                        (field === 'dueDate' || field === 'sentAt') && typeof value === 'string' ? formatDottedDay(value) : undefined
                      }
                      onRestored={() => void reminderRestored(r.clientId, r.leaseId)}
                    />
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      )}
      <ConfirmDialog
        open={Boolean(confirming)}
        title="delete reminder"
        onConfirm={() => confirming && void remove(confirming)}
        onCancel={() => setConfirming(null)}
      />
    </Stack>
  );
}
