import { MessageBar, MessageBarType, Spinner, SpinnerSize, Stack, Text } from '@fluentui/react';
import { type ContentLocale, type HistoryKind, messages } from '@movers/contracts';
import type { FormikValues } from 'formik';
import { type ReactNode, useState } from 'react';
import { useParams } from 'react-router-dom';
import type { AnyObject, ObjectSchema } from 'yup';
import { useApi } from '../../../common/api/ApiContext.tsx';
import { ApiError } from '../../../common/api/errors.ts';
import { DataChangedBar } from '../../../common/forms/DataChangedBar.tsx';
import { Form } from '../../../common/forms/Form.tsx';
import { FormButtons } from '../../../common/forms/FormButtons.tsx';
import { applySaveError } from '../../../common/forms/saveError.ts';
import { AddToggle, ExpandableOrderedList } from '../../../common/list/ExpandableOrderedList.tsx';
import { reordered, useAnnouncer } from '../../../common/list/OrderedTable.tsx';
import { MoveCrumbs } from '../moves/index.ts';
import { useToast } from '../../../common/toast/Toasts.tsx';
import type { MoveItemsApi } from './api.ts';
import { castValues } from '../../../common/forms/castValues.ts';
import { MissingLanguages } from '../../../common/forms/TextPerLanguage.tsx';
import { HistoryPanel } from '../../../common/history/HistoryPanel.tsx';
import { contentValue } from '../../../common/history/contentValues.ts';

/** The toasts of one list: 'successfully …' / 'failed to …' for add, update, delete and reorder, and its empty text. */
export interface ItemMessages {
  added: string;
  addFailed: string;
  updated: string;
  updateFailed: string;
  deleted: string;
  deleteFailed: string;
  moved: string;
  moveFailed: string;
  none: string;
}

// biome-ignore lint/suspicious/noExplicitAny: a yup object schema of any shape
type Schema = ObjectSchema<any, AnyObject, any, any>;

/** A form of the list (add, or an open row's edit): the fields, checked by the contract's schema, sent as it casts them. */
function ItemForm<V extends FormikValues>(props: {
  label: string;
  submitText: string;
  schema: Schema;
  initial: V;
  fields: ReactNode;
  onSave: (values: V) => Promise<void>;
  onCancel: () => void;
}) {
  return (
    <Form<V>
      label={props.label}
      initialValues={props.initial}
      validationSchema={props.schema}
      onSubmit={async (values, helpers) => {
        try {
          await props.onSave(castValues(props.schema, values));
        } catch (error) {
          applySaveError(error, (fields) => helpers.setErrors(fields as never));
        }
      }}
    >
      <Stack tokens={{ childrenGap: 8 }} styles={{ root: { maxWidth: 560 } }}>
        {props.fields}
        <FormButtons submitText={props.submitText} onCancel={props.onCancel} />
      </Stack>
    </Form>
  );
}

/** An item's history under its edit form: its kind, and its fields in the screen's words. */
export interface ItemHistory {
  kind: HistoryKind;
  fieldLabels: Record<string, string>;
}

/**
 * An open row's edit form. A save sends the ETag of the version the form was opened with, not of the
 * list's latest: the list reloads behind an open form (after any failed save), and a save with the fresh
 * ETag and the form's old values would overwrite someone else's change without a word. Refused as stale
 * (412), the form says so and shows the current version once the list has it; saving again is then a
 * choice made with the other change in sight. Under it, the item's History: a restore is a write on the
 * item's current ETag; once the list has the restored version, the form shows it.
 */
function EditItemForm<T extends { id: string; etag?: string }, U extends FormikValues>(props: {
  item: T;
  label: string;
  schema: Schema;
  initial: (item: T) => U;
  fields: ReactNode;
  save: (opened: T, values: U) => Promise<void>;
  onCancel: () => void;
  history?: ItemHistory;
  /** Reads the list again (after a restore). */
  reload: () => Promise<unknown>;
}) {
  const [opened, setOpened] = useState(props.item);
  const [changedElsewhere, setChangedElsewhere] = useState(false);
  const [restoredEtag, setRestoredEtag] = useState<string | null>(null);
  if (changedElsewhere && props.item.etag !== opened.etag) setOpened(props.item);
  if (restoredEtag && props.item.etag === restoredEtag && opened.etag !== restoredEtag) {
    setOpened(props.item);
    setRestoredEtag(null);
  }
  return (
    <Stack tokens={{ childrenGap: 8 }}>
      {changedElsewhere && <DataChangedBar showsCurrent />}
      <ItemForm<U>
        key={opened.etag}
        label={props.label}
        submitText="save"
        schema={props.schema}
        initial={props.initial(opened)}
        fields={props.fields}
        onSave={async (values) => {
          try {
            await props.save(opened, values);
          } catch (error) {
            if (error instanceof ApiError && error.status === 412) setChangedElsewhere(true);
            throw error;
          }
        }}
        onCancel={props.onCancel}
      />
      {props.history && (
        <HistoryPanel
          source={{ kind: props.history.kind, recordId: props.item.id }}
          etag={props.item.etag}
          version={props.item.etag}
          fieldLabels={props.history.fieldLabels}
          formatValue={contentValue}
          onRestored={(record) => {
            setChangedElsewhere(false);
            setRestoredEtag(record.etag);
            void props.reload();
          }}
        />
      )}
    </Stack>
  );
}

/**
 * One screen of a move's ordered lists (MOVE_FAQs, MOVE_CONTACTS, MOVE_DETAILS; spec part 2, sections 2,
 * 4 and 8): breadcrumb client > location > name, an add form that opens and closes, the list with drag
 * and announced keyboard reorder (sent with the list's ETag), rows that open into their edit form, delete
 * after confirmation, the list's own messages, and its empty text. The screens say only their fields
 * (one box per language of the move for what visitors read) and which languages an item misses.
 */
export function MoveItemsScreen<T extends { id: string; moveId: string; position: number; etag?: string }, C extends FormikValues, U extends FormikValues>({
  name,
  itemName,
  store,
  text,
  titleOf,
  summary,
  actions,
  missing,
  add,
  edit,
  history,
}: {
  /** The screen's name in the breadcrumb and heading, and the list's accessible name ('FAQs'). */
  name: string;
  /** One item in words ('question'): 'add question', 'delete question'. */
  itemName: string;
  store: MoveItemsApi<T, C, U>;
  text: ItemMessages;
  titleOf: (item: T) => string;
  summary?: (item: T, title: string) => ReactNode;
  actions?: (item: T, title: string) => ReactNode;
  /** The move's languages an item has no text in: said under the item's summary ('Missing: …'). */
  missing?: (item: T) => readonly ContentLocale[];
  add: { schema: Schema; initial: C; fields: ReactNode };
  edit: { schema: Schema; initial: (item: T) => U; fields: ReactNode };
  /** A History panel under an item's edit form. */
  history?: ItemHistory;
}) {
  const { moveId = '' } = useParams();
  const api = useApi();
  const toast = useToast();
  const list = store.useList(moveId);
  const { announce, region } = useAnnouncer();
  const items = list.data?.items ?? [];

  /** Runs a save with its two toasts; a failure is thrown on to its form (field errors) after its toast. */
  async function saving(run: () => Promise<unknown>, done: string, failed: string) {
    try {
      await run();
      toast.success(done);
    } catch (error) {
      toast.error(failed);
      void list.reload();
      throw error;
    }
  }

  return (
    <Stack tokens={{ childrenGap: 16 }}>
      <MoveCrumbs current={name} />
      <Text as="h1" variant="xxLarge">
        {name}
      </Text>
      <AddToggle label={`add ${itemName}`}>
        {(close) => (
          <ItemForm<C>
            label={`add ${itemName}`}
            submitText="add"
            schema={add.schema}
            initial={add.initial}
            fields={add.fields}
            onSave={async (values) => {
              await saving(() => store.create(api, moveId, values), text.added, text.addFailed);
              close();
            }}
            onCancel={close}
          />
        )}
      </AddToggle>
      {region}
      {list.status === 'loading' && <Spinner size={SpinnerSize.large} label={`Loading ${name}…`} />}
      {list.status === 'failed' && <MessageBar messageBarType={MessageBarType.error}>{messages.common.fetchFailed}</MessageBar>}
      {list.status === 'ready' && items.length === 0 && <Text>{text.none}</Text>}
      {list.status === 'ready' && items.length > 0 && (
        <ExpandableOrderedList
          label={name}
          items={items}
          titleOf={titleOf}
          summary={
            missing
              ? (item, title) => (
                  <span>
                    {summary ? summary(item, title) : title}
                    <MissingLanguages codes={missing(item)} />
                  </span>
                )
              : summary
          }
          actions={actions}
          deleteTitle={`delete ${itemName}`}
          deleteText={messages.common.deleteConfirmBringBack}
          edit={(item, close) => (
            <EditItemForm<T, U>
              item={item}
              label={`edit ${titleOf(item)}`}
              schema={edit.schema}
              initial={edit.initial}
              fields={edit.fields}
              save={async (opened, values) => {
                await saving(() => store.update(api, opened, values), text.updated, text.updateFailed);
                close();
              }}
              onCancel={close}
              history={history}
              reload={list.reload}
            />
          )}
          remove={async (item) => {
            try {
              await saving(() => store.remove(api, item), text.deleted, text.deleteFailed);
              announce(`${titleOf(item)} deleted`);
            } catch {
              // Said by its toast.
            }
          }}
          show={(item, to) => (list.data ? store.showOrder(moveId, { ...list.data, items: reordered(items, item, to) }) : Promise.resolve())}
          send={async (item, to) => {
            if (!list.data) return;
            try {
              await saving(() => store.move(api, moveId, list.data!, item.id, to), text.moved, text.moveFailed);
            } catch {
              // Said by its toast; the server's order is shown again.
            }
          }}
          announce={announce}
        />
      )}
    </Stack>
  );
}
