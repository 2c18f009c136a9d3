import {
  Dropdown,
  Link as FluentLink,
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
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { useApi } from '../../../common/api/ApiContext.tsx';
import { ConfirmDialog } from '../../../common/ConfirmDialog.tsx';
import { OrderedTable, orderedCell as cell, reordered, useAnnouncer, visuallyHidden } from '../../../common/list/OrderedTable.tsx';
import { MoveCrumbs } from '../moves/index.ts';
import { useToast } from '../../../common/toast/Toasts.tsx';
import { useSession } from '../../auth/Session.tsx';
import { pathTo } from '../../routeTable.ts';
import { titleOf } from '../templates/index.ts';
import { deleteMovePage, moveMovePage, showOrder, updateMovePage, useMovePages, usePageTemplates } from './api.ts';

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
  const pages = useMovePages(moveId);
  const templates = usePageTemplates(moveId);
  const [deleting, setDeleting] = useState<MovePage | null>(null);
  const { announce, region } = useAnnouncer();
  const list = pages.data?.pages ?? [];

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
      announce(`${titleOf(page)} deleted`);
    } catch {
      toast.error(messages.movePages.removeFailed);
      void pages.reload();
    }
  }

  return (
    <Stack tokens={{ childrenGap: 16 }}>
      <MoveCrumbs current={'pages'} />
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
      {region}
      {pages.status === 'loading' && <Spinner size={SpinnerSize.large} label="Loading pages…" />}
      {pages.status === 'failed' && <MessageBar messageBarType={MessageBarType.error}>{messages.common.fetchFailed}</MessageBar>}
      {pages.status === 'ready' && list.length === 0 && <Text>{messages.common.noItems}</Text>}
      {pages.status === 'ready' && list.length > 0 && (
        <OrderedTable
          label="pages"
          items={list}
          titleOf={titleOf}
          headers={[
            'title',
            'published',
            <span key="actions" style={visuallyHidden}>
              actions
            </span>,
          ]}
          cells={(page, title) => (
            <>
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
            </>
          )}
          show={(page, to) => (pages.data ? showOrder(moveId, { ...pages.data, pages: reordered(list, page, to) }) : Promise.resolve())}
          send={async (page, to) => {
            if (!pages.data) return;
            try {
              await moveMovePage(api, moveId, pages.data, page.id, to);
              toast.success(messages.movePages.moved);
            } catch {
              toast.error(messages.movePages.moveFailed);
              void pages.reload();
            }
          }}
          announce={announce}
        />
      )}
      <ConfirmDialog
        open={Boolean(deleting)}
        title="delete page"
        text={messages.common.deleteConfirmBringBack}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      />
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
