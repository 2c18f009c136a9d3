import { Link as FluentLink, IconButton, MessageBar, MessageBarType, Spinner, SpinnerSize, Stack, Text, Toggle } from '@fluentui/react';
import { messages, type Template } from '@movers/contracts';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useApi } from '../../../common/api/ApiContext.tsx';
import { ConfirmDialog } from '../../../common/ConfirmDialog.tsx';
import { LinkButton } from '../../../common/LinkButton.tsx';
import { OrderedTable, orderedCell as cell, reordered, useAnnouncer, visuallyHidden } from '../../../common/list/OrderedTable.tsx';
import { useToast } from '../../../common/toast/Toasts.tsx';
import { pathTo } from '../../routeTable.ts';
import { titleOf } from './title.ts';
import { deleteTemplate, moveTemplate, setAvailableForCustomer, setAvailableForInternal, showOrder, useTemplates } from './api.ts';

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
  const { announce, region } = useAnnouncer();
  const list = templates.data?.templates ?? [];
  // Templates whose availability is being saved: their toggles wait for the answer (and the new ETag).
  const [saving, setSaving] = useState<ReadonlySet<string>>(new Set());

  const failed = () => {
    toast.error(messages.templates.actionFailed);
    void templates.reload();
  };

  async function toggle(template: Template, which: 'internal' | 'customer', value: boolean) {
    setSaving((ids) => new Set(ids).add(template.id));
    try {
      if (which === 'internal') await setAvailableForInternal(api, template, value);
      else await setAvailableForCustomer(api, template, value);
      toast.success(messages.templates.availabilityChanged);
    } catch {
      failed();
    } finally {
      setSaving((ids) => new Set([...ids].filter((id) => id !== template.id)));
    }
  }

  async function confirmDelete() {
    const template = deleting;
    setDeleting(null);
    if (!template) return;
    try {
      await deleteTemplate(api, template);
      announce(`${titleOf(template)} deleted`);
      toast.success(messages.templates.deleted);
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
      {region}
      {templates.status === 'loading' && <Spinner size={SpinnerSize.large} label="Loading templates…" />}
      {templates.status === 'failed' && <MessageBar messageBarType={MessageBarType.error}>{messages.templates.fetchFailed}</MessageBar>}
      {templates.status === 'ready' && list.length === 0 && <Text>{messages.common.noItems}</Text>}
      {templates.status === 'ready' && list.length > 0 && (
        <OrderedTable
          label="templates"
          items={list}
          titleOf={titleOf}
          headers={[
            'title',
            'available for internal',
            'available for customers',
            <span key="actions" style={visuallyHidden}>
              actions
            </span>,
          ]}
          cells={(template, title) => (
            <>
              <td style={cell}>
                <FluentLink as={Link} to={pathTo('EDIT_TEMPLATE', { templateId: template.id })}>
                  {title}
                </FluentLink>
              </td>
              <td style={cell}>
                <Toggle
                  ariaLabel={`available for internal: ${title}`}
                  checked={template.availableForInternal}
                  disabled={saving.has(template.id)}
                  onChange={(_, checked) => void toggle(template, 'internal', Boolean(checked))}
                  styles={{ root: { marginBottom: 0 } }}
                />
              </td>
              <td style={cell}>
                <Toggle
                  ariaLabel={`available for customers: ${title}`}
                  checked={template.availableForCustomer}
                  disabled={saving.has(template.id)}
                  onChange={(_, checked) => void toggle(template, 'customer', Boolean(checked))}
                  styles={{ root: { marginBottom: 0 } }}
                />
              </td>
              <td style={cell}>
                <IconButton iconProps={{ iconName: 'Delete' }} ariaLabel={`delete ${title}`} title="delete" onClick={() => setDeleting(template)} />
              </td>
            </>
          )}
          show={(template, to) => (templates.data ? showOrder({ ...templates.data, templates: reordered(list, template, to) }) : Promise.resolve())}
          send={async (template, to) => {
            if (!templates.data) return;
            try {
              await moveTemplate(api, templates.data, template.id, to);
              toast.success(messages.templates.moved);
            } catch {
              failed();
            }
          }}
          announce={announce}
        />
      )}
      <ConfirmDialog open={Boolean(deleting)} title="delete template" onConfirm={() => void confirmDelete()} onCancel={() => setDeleting(null)} />
    </Stack>
  );
}
