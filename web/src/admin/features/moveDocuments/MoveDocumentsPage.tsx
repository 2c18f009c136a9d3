import { DefaultButton, IconButton, MessageBar, MessageBarType, PrimaryButton, ProgressIndicator, Spinner, SpinnerSize, Stack, Text } from '@fluentui/react';
import {
  format,
  formatMoveDayTime,
  MOVE_DOCUMENT_MAX_BYTES,
  MOVE_DOCUMENT_MAX_TEXT,
  type MoveDocument,
  messages,
  SETTINGS_TOAST_MS,
  shortName,
} from '@movers/contracts';
import { useRef, useState } from 'react';
import { useParams } from 'react-router-dom';
import { MoveCrumbs, useMoveTimeZone } from '../moves/index.ts';
import { MoveZoneNote } from '../../../common/MoveZoneNote.tsx';
import { useApi } from '../../../common/api/ApiContext.tsx';
import { ApiError } from '../../../common/api/errors.ts';
import { ConfirmDialog } from '../../../common/ConfirmDialog.tsx';
import { OrderedTable, orderedCell as cell, reordered, useAnnouncer, visuallyHidden } from '../../../common/list/OrderedTable.tsx';
import { ToastProvider, useToast } from '../../../common/toast/Toasts.tsx';
import { deleteDocument, downloadDocument, moveDocument, showOrder, uploadDocument, useMoveDocuments } from './api.ts';

const m = messages.moveDocuments;
/** DOCUMENTS (spec part 2, sections 2 and 8): its notifications hide after 3 seconds. */
export default function MoveDocumentsPage() {
  return (
    <ToastProvider hideAfterMs={SETTINGS_TOAST_MS}>
      <MoveDocuments />
    </ToastProvider>
  );
}

/**
 * A move's documents: choose a file ('Browse...') and add it with upload progress; the uploaded
 * documents in their order, each downloadable (with the bearer token) and deletable after confirmation;
 * reorder by dragging a row or with its move up / move down buttons (sent with the list's ETag).
 */
function MoveDocuments() {
  const { locationId = '', moveId = '' } = useParams();
  const move = { locationId, moveId };
  const api = useApi();
  const toast = useToast();
  const documents = useMoveDocuments(move);
  // YYYY-MM-DD HH:mm on the move's clock, the zone named once (issue 55).
  const timeZone = useMoveTimeZone(moveId);
  const picker = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<MoveDocument | null>(null);
  const { announce, region } = useAnnouncer();
  const list = documents.data?.documents ?? [];
  const sending = progress !== null;

  async function add() {
    if (!file || sending) return;
    // Too large a file is refused here rather than after sending it all (the server would refuse it too).
    if (file.size > MOVE_DOCUMENT_MAX_BYTES) {
      toast.error(`${m.storeFailed}: ${format(m.tooLarge, { size: MOVE_DOCUMENT_MAX_TEXT })}`);
      return;
    }
    setProgress(0);
    try {
      await uploadDocument(api, move, file, setProgress);
      toast.success(m.stored);
      announce(`${file.name} uploaded`);
      setFile(null);
      if (picker.current) picker.current.value = '';
    } catch (error) {
      // A refusal the server explains (too large, empty, a program) is worth saying; anything else is the spec's words alone.
      const reason = error instanceof ApiError && [400, 413, 415].includes(error.status) ? error.body?.error.message : undefined;
      toast.error(reason ? `${m.storeFailed}: ${reason}` : m.storeFailed);
    } finally {
      setProgress(null);
    }
  }

  async function confirmDelete() {
    const document = deleting;
    setDeleting(null);
    if (!document || !documents.data) return;
    try {
      await deleteDocument(api, move, documents.data, document);
      toast.success(m.deleted);
      announce(`${document.originalFilename} deleted`);
    } catch {
      toast.error(m.deleteFailed);
      void documents.reload();
    }
  }

  async function download(document: MoveDocument) {
    try {
      await downloadDocument(api, move, document);
    } catch {
      toast.error(m.downloadFailed);
    }
  }

  return (
    <Stack tokens={{ childrenGap: 16 }}>
      <MoveCrumbs current={'documents'} />
      <Text as="h1" variant="xxLarge">
        documents
      </Text>
      <Stack horizontal wrap verticalAlign="center" tokens={{ childrenGap: 12 }}>
        <input
          ref={picker}
          id="document-file"
          type="file"
          aria-label="document to upload"
          style={visuallyHidden}
          tabIndex={-1}
          onChange={(event) => setFile(event.target.files?.[0] ?? null)}
        />
        <DefaultButton text={m.browse} disabled={sending} onClick={() => picker.current?.click()} />
        <Text aria-live="polite">{file ? file.name : 'no file chosen'}</Text>
        <PrimaryButton text={m.add} disabled={!file || sending} onClick={() => void add()} />
      </Stack>
      {sending && (
        <ProgressIndicator
          label={`uploading ${file?.name ?? ''}`}
          description={`${Math.round((progress ?? 0) * 100)} %`}
          percentComplete={progress ?? 0}
          progressHidden={false}
          styles={{ root: { maxWidth: 480 } }}
        />
      )}
      <Text as="h2" variant="xLarge">
        {m.heading}
      </Text>
      {region}
      {(documents.status === 'loading' || (list.length > 0 && !timeZone)) && <Spinner size={SpinnerSize.large} label="Loading documents…" />}
      {documents.status === 'failed' && <MessageBar messageBarType={MessageBarType.error}>{messages.common.fetchFailed}</MessageBar>}
      {documents.status === 'ready' && list.length === 0 && <Text>{m.none}</Text>}
      {timeZone && documents.status === 'ready' && list.length > 0 && <MoveZoneNote zone={timeZone} />}
      {timeZone && documents.status === 'ready' && list.length > 0 && (
        <OrderedTable
          label={m.heading}
          items={list}
          titleOf={(d) => d.originalFilename}
          headers={[
            'name',
            'date',
            <span key="actions" style={visuallyHidden}>
              actions
            </span>,
          ]}
          cells={(document, name) => (
            <>
              <td style={cell} title={name}>
                {shortName(name)}
              </td>
              <td style={{ ...cell, whiteSpace: 'nowrap' }}>{formatMoveDayTime(document.createdAt, timeZone ?? 'UTC')}</td>
              <td style={{ ...cell, whiteSpace: 'nowrap' }}>
                <IconButton iconProps={{ iconName: 'Download' }} ariaLabel={`download ${name}`} title="download" onClick={() => void download(document)} />
                <IconButton iconProps={{ iconName: 'Delete' }} ariaLabel={`delete ${name}`} title="delete" onClick={() => setDeleting(document)} />
              </td>
            </>
          )}
          show={(document, to) => (documents.data ? showOrder(move, { ...documents.data, documents: reordered(list, document, to) }) : Promise.resolve())}
          send={async (document, to) => {
            if (!documents.data) return;
            try {
              await moveDocument(api, move, documents.data, document.id, to);
              toast.success(m.moved);
            } catch {
              toast.error(m.storeFailed);
              void documents.reload();
            }
          }}
          announce={announce}
        />
      )}
      <ConfirmDialog
        open={Boolean(deleting)}
        title="delete document"
        text={m.deleteConfirm}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      />
    </Stack>
  );
}
