import {
  Dropdown,
  Link as FluentLink,
  Icon,
  IconButton,
  MessageBar,
  MessageBarType,
  PrimaryButton,
  Spinner,
  SpinnerSize,
  Stack,
  Text,
  Toggle,
} from '@fluentui/react';
import { type MovePage, messages, type Template } from '@movers/contracts';
import { useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { ReactSortable } from 'react-sortablejs';
import { useApi } from '../../../common/api/ApiContext.tsx';
import { ConfirmDialog } from '../../../common/ConfirmDialog.tsx';
import { useToast } from '../../../common/toast/Toasts.tsx';
import { useSession } from '../../auth/Session.tsx';
import { pathTo } from '../../routeTable.ts';
import { Crumbs } from '../../shell/Crumbs.tsx';
import { useClient } from '../clients/index.ts';
import { titleOf } from '../templates/index.ts';
import { deleteMovePage, moveMovePage, showOrder, updateMovePage, useMovePages, usePageTemplates } from './api.ts';

const hidden = { position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' } as const;
const cell = { padding: '8px 12px', borderBottom: '1px solid #edebe9', textAlign: 'left', verticalAlign: 'middle' } as const;

/**
 * A move's pages (MOVE_PAGES; spec part 2, sections 2 and 8): published toggle, delete after confirmation,
 * reorder by dragging a row or with its move up / move down buttons (sent with the list's ETag), and
 * adding a page from a template: internal templates for internal users only, customer templates for all.
 */
export default function MovePagesListPage() {
  const { clientId = '', locationId = '', moveId = '' } = useParams();
  const api = useApi();
  const toast = useToast();
  const { user } = useSession();
  const client = useClient(clientId);
  const pages = useMovePages(moveId);
  const templates = usePageTemplates(moveId);
  const [deleting, setDeleting] = useState<MovePage | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const tableRef = useRef<HTMLTableElement>(null);
  const list = pages.data?.pages ?? [];
  const location = client.data?.locations.find((l) => l.id === locationId);

  async function move(page: MovePage, from: number, to: number, byKeyboard: boolean) {
    if (!pages.data || to < 0 || to >= list.length || from === to) return;
    const sent = pages.data;
    const next = [...list];
    next.splice(from, 1);
    next.splice(to, 0, page);
    await showOrder(moveId, { ...sent, pages: next.map((p, position) => ({ ...p, position })) });
    setAnnouncement(`${titleOf(page)} moved to position ${to + 1} of ${list.length}`);
    if (byKeyboard) {
      // The button pressed may now be disabled (first or last row): keep focus on the row's other one.
      const row = tableRef.current?.querySelector(`[data-page="${page.id}"]`);
      const wanted = row?.querySelector<HTMLButtonElement>(to < from ? '[data-move="up"]' : '[data-move="down"]');
      const other = row?.querySelector<HTMLButtonElement>(to < from ? '[data-move="down"]' : '[data-move="up"]');
      (wanted && !wanted.disabled ? wanted : other)?.focus();
    }
    try {
      await moveMovePage(api, moveId, sent, page.id, to);
      toast.success(messages.movePages.moved);
    } catch {
      toast.error(messages.movePages.moveFailed);
      void pages.reload();
    }
  }

  async function togglePublished(page: MovePage, published: boolean) {
    try {
      await updateMovePage(api, page, { published });
      toast.success(messages.movePages.toggled);
    } catch {
      toast.error(messages.movePages.toggleFailed);
      void pages.reload();
    }
  }

  async function confirmDelete() {
    const page = deleting;
    setDeleting(null);
    if (!page) return;
    try {
      await deleteMovePage(api, page);
      toast.success(messages.movePages.removed);
      setAnnouncement(`${titleOf(page)} deleted`);
    } catch {
      toast.error(messages.movePages.removeFailed);
      void pages.reload();
    }
  }

  return (
    <Stack tokens={{ childrenGap: 16 }}>
      <Crumbs
        items={[
          { key: 'client', text: client.data?.name ?? 'client', to: pathTo('CLIENT_DASHBOARD', { clientId }) },
          { key: 'location', text: location?.name ?? 'location', to: pathTo('CLIENT_LOCATION', { clientId, locationId }) },
          { key: 'pages', text: 'pages' },
        ]}
      />
      <Text as="h1" variant="xxLarge">
        pages
      </Text>
      {templates.status === 'failed' && <MessageBar messageBarType={MessageBarType.error}>{messages.common.fetchFailed}</MessageBar>}
      {templates.data && (
        <Stack horizontal wrap tokens={{ childrenGap: 24 }}>
          {!user?.isExternal && (
            <AddFromTemplate
              label="templates for internal users"
              templates={templates.data.forInternal}
              clientId={clientId}
              locationId={locationId}
              moveId={moveId}
            />
          )}
          <AddFromTemplate label="templates for customers" templates={templates.data.forCustomer} clientId={clientId} locationId={locationId} moveId={moveId} />
        </Stack>
      )}
      <div aria-live="polite" style={hidden}>
        {announcement}
      </div>
      {pages.status === 'loading' && <Spinner size={SpinnerSize.large} label="Loading pages…" />}
      {pages.status === 'failed' && <MessageBar messageBarType={MessageBarType.error}>{messages.common.fetchFailed}</MessageBar>}
      {pages.status === 'ready' && list.length === 0 && <Text>{messages.common.noItems}</Text>}
      {pages.status === 'ready' && list.length > 0 && (
        <div style={{ overflowX: 'auto' }}>
          <table ref={tableRef} aria-label="pages" style={{ borderCollapse: 'collapse', width: '100%' }}>
            <thead>
              <tr>
                <th style={cell}>
                  <span style={hidden}>order</span>
                </th>
                <th style={cell}>title</th>
                <th style={cell}>published</th>
                <th style={cell}>
                  <span style={hidden}>actions</span>
                </th>
              </tr>
            </thead>
            <ReactSortable
              tag="tbody"
              list={list.map((p) => ({ ...p }))}
              // The order is the server's: a drop is sent, shown at once and read back from its answer.
              setList={() => undefined}
              handle=".page-drag-handle"
              animation={150}
              onEnd={(event) => {
                const from = event.oldIndex ?? -1;
                const to = event.newIndex ?? -1;
                if (list[from]) void move(list[from], from, to, false);
              }}
            >
              {list.map((page, index) => {
                const title = titleOf(page);
                return (
                  <tr key={page.id} data-page={page.id}>
                    <td style={cell}>
                      <Stack horizontal verticalAlign="center">
                        <Icon iconName="GripperDotsVertical" className="page-drag-handle" style={{ cursor: 'grab', padding: 4 }} title="drag to reorder" />
                        <IconButton
                          iconProps={{ iconName: 'ChevronUp' }}
                          ariaLabel={`move up: ${title}`}
                          title="move up"
                          data-move="up"
                          disabled={index === 0}
                          onClick={() => void move(page, index, index - 1, true)}
                        />
                        <IconButton
                          iconProps={{ iconName: 'ChevronDown' }}
                          ariaLabel={`move down: ${title}`}
                          title="move down"
                          data-move="down"
                          disabled={index === list.length - 1}
                          onClick={() => void move(page, index, index + 1, true)}
                        />
                      </Stack>
                    </td>
                    <td style={cell}>
                      <FluentLink as={Link} to={pathTo('EDIT_PAGE', { clientId, locationId, movePageId: page.id })}>
                        {title}
                      </FluentLink>
                    </td>
                    <td style={cell}>
                      <Toggle
                        ariaLabel={`published: ${title}`}
                        checked={page.published}
                        onChange={(_, checked) => void togglePublished(page, Boolean(checked))}
                        styles={{ root: { marginBottom: 0 } }}
                      />
                    </td>
                    <td style={cell}>
                      <IconButton iconProps={{ iconName: 'Delete' }} ariaLabel={`delete ${title}`} title="delete" onClick={() => setDeleting(page)} />
                    </td>
                  </tr>
                );
              })}
            </ReactSortable>
          </table>
        </div>
      )}
      <ConfirmDialog open={Boolean(deleting)} title="delete page" onConfirm={() => void confirmDelete()} onCancel={() => setDeleting(null)} />
    </Stack>
  );
}

/** A dropdown of templates and the 'add' button that opens CREATE_MOVE_PAGE for the chosen one. */
function AddFromTemplate({
  label,
  templates,
  clientId,
  locationId,
  moveId,
}: {
  label: string;
  templates: Template[];
  clientId: string;
  locationId: string;
  moveId: string;
}) {
  const navigate = useNavigate();
  const [chosen, setChosen] = useState<string>();
  return (
    <Stack horizontal verticalAlign="end" tokens={{ childrenGap: 8 }}>
      <Dropdown
        label={label}
        placeholder={templates.length ? 'choose a template' : 'no templates'}
        disabled={templates.length === 0}
        options={templates.map((t) => ({ key: t.id, text: titleOf(t) }))}
        selectedKey={chosen ?? null}
        onChange={(_, option) => setChosen(option ? String(option.key) : undefined)}
        styles={{ root: { minWidth: 240 } }}
      />
      <PrimaryButton
        text="add"
        ariaLabel={`add a page from ${label}`}
        disabled={!chosen}
        onClick={() => chosen && navigate(`${pathTo('CREATE_MOVE_PAGE', { clientId, locationId, templateId: chosen })}?move=${encodeURIComponent(moveId)}`)}
      />
    </Stack>
  );
}
