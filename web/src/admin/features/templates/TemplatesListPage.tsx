import { Link as FluentLink, Icon, IconButton, MessageBar, MessageBarType, Spinner, SpinnerSize, Stack, Text, Toggle } from '@fluentui/react';
import { messages, type Template } from '@movers/contracts';
import { useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { ReactSortable } from 'react-sortablejs';
import { useApi } from '../../../common/api/ApiContext.tsx';
import { ConfirmDialog } from '../../../common/ConfirmDialog.tsx';
import { LinkButton } from '../../../common/LinkButton.tsx';
import { useToast } from '../../../common/toast/Toasts.tsx';
import { pathTo } from '../../routeTable.ts';
import { titleOf } from './title.ts';
import { deleteTemplate, moveTemplate, setAvailableForCustomer, setAvailableForInternal, showOrder, useTemplates } from './api.ts';

const hidden = { position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' } as const;
const cell = { padding: '8px 12px', borderBottom: '1px solid #edebe9', textAlign: 'left', verticalAlign: 'middle' } as const;

/**
 * The templates list (Internal.Super only; spec part 2, sections 2 and 8): availability toggles saved at
 * once, delete after confirmation, reorder by dragging a row or with its move up / move down buttons
 * (announced to screen readers). Every failure of these says the spec's 'failed to remove a move page'.
 */
export default function TemplatesListPage() {
  const api = useApi();
  const toast = useToast();
  const templates = useTemplates();
  const [deleting, setDeleting] = useState<Template | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const tableRef = useRef<HTMLTableElement>(null);
  const list = templates.data ?? [];

  const failed = () => {
    toast.error(messages.templates.actionFailed);
    void templates.reload();
  };

  async function move(template: Template, from: number, to: number, byKeyboard: boolean) {
    if (to < 0 || to >= list.length || from === to) return;
    const next = [...list];
    next.splice(from, 1);
    next.splice(to, 0, template);
    await showOrder(next.map((t, position) => ({ ...t, position })));
    setAnnouncement(`${titleOf(template)} moved to position ${to + 1} of ${list.length}`);
    if (byKeyboard) {
      // The button pressed may now be disabled (first or last row): keep focus on the row's other one.
      const row = tableRef.current?.querySelector(`[data-template="${template.id}"]`);
      const wanted = row?.querySelector<HTMLButtonElement>(to < from ? '[data-move="up"]' : '[data-move="down"]');
      const other = row?.querySelector<HTMLButtonElement>(to < from ? '[data-move="down"]' : '[data-move="up"]');
      (wanted && !wanted.disabled ? wanted : other)?.focus();
    }
    try {
      await moveTemplate(api, template.id, to);
    } catch {
      failed();
    }
  }

  async function toggle(template: Template, which: 'internal' | 'customer', value: boolean) {
    try {
      if (which === 'internal') await setAvailableForInternal(api, template.id, value);
      else await setAvailableForCustomer(api, template.id, value);
    } catch {
      failed();
    }
  }

  async function confirmDelete() {
    const template = deleting;
    setDeleting(null);
    if (!template) return;
    try {
      await deleteTemplate(api, template);
      setAnnouncement(`${titleOf(template)} deleted`);
    } catch {
      failed();
    }
  }

  return (
    <Stack tokens={{ childrenGap: 16 }}>
      <Stack horizontal wrap horizontalAlign="space-between" verticalAlign="center" tokens={{ childrenGap: 8 }}>
        <Text as="h1" variant="xxLarge">
          templates
        </Text>
        <LinkButton primary to={pathTo('CREATE_TEMPLATE')} text="create template" iconProps={{ iconName: 'Add' }} />
      </Stack>
      <div aria-live="polite" style={hidden}>
        {announcement}
      </div>
      {templates.status === 'loading' && <Spinner size={SpinnerSize.large} label="Loading templates…" />}
      {templates.status === 'failed' && <MessageBar messageBarType={MessageBarType.error}>{messages.templates.fetchFailed}</MessageBar>}
      {templates.status === 'ready' && list.length === 0 && <Text>{messages.common.noItems}</Text>}
      {templates.status === 'ready' && list.length > 0 && (
        <div style={{ overflowX: 'auto' }}>
          <table ref={tableRef} aria-label="templates" style={{ borderCollapse: 'collapse', width: '100%' }}>
            <thead>
              <tr>
                <th style={cell}>
                  <span style={hidden}>order</span>
                </th>
                <th style={cell}>title</th>
                <th style={cell}>available for internal</th>
                <th style={cell}>available for customers</th>
                <th style={cell}>
                  <span style={hidden}>actions</span>
                </th>
              </tr>
            </thead>
            <ReactSortable
              tag="tbody"
              list={list.map((t) => ({ ...t }))}
              // The order is the server's: a drop is sent, shown at once and read back from its answer.
              setList={() => undefined}
              handle=".template-drag-handle"
              animation={150}
              onEnd={(event) => {
                const from = event.oldIndex ?? -1;
                const to = event.newIndex ?? -1;
                if (list[from]) void move(list[from], from, to, false);
              }}
            >
              {list.map((template, index) => {
                const title = titleOf(template);
                return (
                  <tr key={template.id} data-template={template.id}>
                    <td style={cell}>
                      <Stack horizontal verticalAlign="center">
                        <Icon iconName="GripperDotsVertical" className="template-drag-handle" style={{ cursor: 'grab', padding: 4 }} title="drag to reorder" />
                        <IconButton
                          iconProps={{ iconName: 'ChevronUp' }}
                          ariaLabel={`move up: ${title}`}
                          title="move up"
                          data-move="up"
                          disabled={index === 0}
                          onClick={() => void move(template, index, index - 1, true)}
                        />
                        <IconButton
                          iconProps={{ iconName: 'ChevronDown' }}
                          ariaLabel={`move down: ${title}`}
                          title="move down"
                          data-move="down"
                          disabled={index === list.length - 1}
                          onClick={() => void move(template, index, index + 1, true)}
                        />
                      </Stack>
                    </td>
                    <td style={cell}>
                      <FluentLink as={Link} to={pathTo('EDIT_TEMPLATE', { templateId: template.id })}>
                        {title}
                      </FluentLink>
                    </td>
                    <td style={cell}>
                      <Toggle
                        ariaLabel={`available for internal: ${title}`}
                        checked={template.availableForInternal}
                        onChange={(_, checked) => void toggle(template, 'internal', Boolean(checked))}
                        styles={{ root: { marginBottom: 0 } }}
                      />
                    </td>
                    <td style={cell}>
                      <Toggle
                        ariaLabel={`available for customers: ${title}`}
                        checked={template.availableForCustomer}
                        onChange={(_, checked) => void toggle(template, 'customer', Boolean(checked))}
                        styles={{ root: { marginBottom: 0 } }}
                      />
                    </td>
                    <td style={cell}>
                      <IconButton iconProps={{ iconName: 'Delete' }} ariaLabel={`delete ${title}`} title="delete" onClick={() => setDeleting(template)} />
                    </td>
                  </tr>
                );
              })}
            </ReactSortable>
          </table>
        </div>
      )}
      <ConfirmDialog open={Boolean(deleting)} title="delete template" onConfirm={() => void confirmDelete()} onCancel={() => setDeleting(null)} />
    </Stack>
  );
}
