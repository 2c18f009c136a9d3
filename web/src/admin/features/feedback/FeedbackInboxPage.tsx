import { DefaultButton, Dropdown, IconButton, MessageBar, MessageBarType, PrimaryButton, Spinner, SpinnerSize, Stack, Text, TextField } from '@fluentui/react';
import { type Feedback, type FeedbackStatus, type FeedbackType, feedbackStatuses, feedbackTypes, formatMoveDayTime, messages } from '@movers/contracts';
import { useState } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import { useApi } from '../../../common/api/ApiContext.tsx';
import { ApiError } from '../../../common/api/errors.ts';
import { ConfirmDialog } from '../../../common/ConfirmDialog.tsx';
import { orderedCell as cell, visuallyHidden } from '../../../common/list/OrderedTable.tsx';
import { MoveCrumbs, useMoveTimeZone } from '../moves/index.ts';
import { MoveZoneNote } from '../../../common/MoveZoneNote.tsx';
import { useToast } from '../../../common/toast/Toasts.tsx';
import { answerFeedback, deleteFeedback, mailFeedback, useFeedbackPage } from './api.ts';
import { SideScroll } from '../../../common/list/SideScroll.tsx';

const m = messages.feedback;
/**
 * The status as the inbox names it, in the rows and on the filter alike: pending items are the unanswered
 * ones ('pending (shown as unanswered)', spec part 2, section 4). The filter said 'pending' beside rows
 * saying 'unanswered'.
 */
const statusText: Record<FeedbackStatus, string> = { pending: 'unanswered', answered: 'answered' };
const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined => (values.includes(value as T) ? (value as T) : undefined);

/**
 * MOVE_FEEDBACK (spec part 2, sections 2, 4 and 8): the move's inbox, filtered by type and by the pending /
 * answered toggles (choosing a type clears the status toggle), paged on the server, the filters kept in
 * the address. A row opens to the question, earlier answers, a required response and save / send email /
 * delete / cancel.
 */
export default function FeedbackInboxPage() {
  const { moveId = '' } = useParams();
  const [query, setQuery] = useSearchParams();
  const type = oneOf(feedbackTypes, query.get('type'));
  const status = oneOf(feedbackStatuses, query.get('status'));
  const page = Math.max(1, Number(query.get('page')) || 1);
  const inbox = useFeedbackPage(moveId, { type, status, page });
  // Every time on the move's clock, the zone named once (issue 55).
  const timeZone = useMoveTimeZone(moveId);
  const [open, setOpen] = useState<string | null>(null);

  const show = (next: { type?: FeedbackType; status?: FeedbackStatus; page?: number }) => {
    const q = new URLSearchParams();
    if (next.type) q.set('type', next.type);
    if (next.status) q.set('status', next.status);
    if (next.page && next.page > 1) q.set('page', String(next.page));
    setQuery(q, { replace: true });
  };
  const pages = inbox.data ? Math.max(1, Math.ceil(inbox.data.total / inbox.data.pageSize)) : 1;

  return (
    <Stack tokens={{ childrenGap: 16 }}>
      <MoveCrumbs current={'feedback'} />
      <Text as="h1" variant="xxLarge">
        feedback
      </Text>
      <Stack horizontal wrap verticalAlign="end" tokens={{ childrenGap: 12 }} role="group" aria-label="filters">
        <Dropdown
          label="type"
          selectedKey={type ?? 'all'}
          options={[{ key: 'all', text: 'all' }, ...feedbackTypes.map((t) => ({ key: t, text: t }))]}
          // Choosing a type clears the status toggle (spec part 2, section 4).
          onChange={(_, option) => show({ type: option?.key === 'all' ? undefined : (option?.key as FeedbackType) })}
          styles={{ root: { minWidth: 160 } }}
        />
        {feedbackStatuses.map((s) => (
          <DefaultButton
            key={s}
            toggle
            checked={status === s}
            aria-pressed={status === s}
            text={statusText[s]}
            onClick={() => show({ type, status: status === s ? undefined : s })}
          />
        ))}
      </Stack>
      {(inbox.status === 'loading' || (inbox.data && inbox.data.items.length > 0 && !timeZone)) && (
        <Spinner size={SpinnerSize.large} label="Loading feedback…" />
      )}
      {inbox.status === 'failed' && <MessageBar messageBarType={MessageBarType.error}>{m.fetchFailed}</MessageBar>}
      {inbox.data && inbox.data.items.length === 0 && <Text>{m.none}</Text>}
      {timeZone && inbox.data && inbox.data.items.length > 0 && <MoveZoneNote zone={timeZone} />}
      {timeZone && inbox.data && inbox.data.items.length > 0 && (
        <SideScroll>
          <table aria-label="feedback" style={{ borderCollapse: 'collapse', width: '100%', maxWidth: 960 }}>
            <thead>
              <tr>
                <th style={cell}>
                  <span style={visuallyHidden}>open</span>
                </th>
                <th style={cell}>status</th>
                <th style={cell}>type</th>
                <th style={cell}>question</th>
                <th style={cell}>created</th>
              </tr>
            </thead>
            <tbody>
              {inbox.data.items.map((item) => (
                <FeedbackRow
                  key={item.id}
                  item={item}
                  timeZone={timeZone}
                  open={open === item.id}
                  onToggle={() => setOpen(open === item.id ? null : item.id)}
                />
              ))}
            </tbody>
          </table>
        </SideScroll>
      )}
      {inbox.data && pages > 1 && (
        <Stack horizontal verticalAlign="center" tokens={{ childrenGap: 12 }} role="navigation" aria-label="pages">
          <DefaultButton text="previous" disabled={page <= 1} onClick={() => show({ type, status, page: page - 1 })} />
          <Text>
            page {page} of {pages} ({inbox.data.total} items)
          </Text>
          <DefaultButton text="next" disabled={page >= pages} onClick={() => show({ type, status, page: page + 1 })} />
        </Stack>
      )}
    </Stack>
  );
}

function FeedbackRow({ item, timeZone, open, onToggle }: { item: Feedback; timeZone: string; open: boolean; onToggle: () => void }) {
  const formatDayTime = (at: string | null | undefined) => formatMoveDayTime(at, timeZone);
  const api = useApi();
  const toast = useToast();
  const [response, setResponse] = useState('');
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const missing = response.trim() === '';
  const excerpt = item.question.length > 60 ? `${item.question.slice(0, 60)}…` : item.question;

  async function send(kind: 'save' | 'mail') {
    setTouched(true);
    if (missing || busy) return;
    setBusy(true);
    try {
      await (kind === 'save' ? answerFeedback : mailFeedback)(api, item, response.trim());
      toast.success(kind === 'save' ? m.saved : m.mailed);
      setResponse('');
      setTouched(false);
    } catch (error) {
      const status = error instanceof ApiError ? error.status : 0;
      toast.error(status === 404 ? m.goneOrUnreadable : status === 412 ? m.answerNotAdded : kind === 'save' ? m.saveFailed : m.mailFailed);
    } finally {
      setBusy(false);
    }
  }

  async function remove() {
    setDeleting(false);
    try {
      await deleteFeedback(api, item);
      toast.success(m.deleted);
    } catch (error) {
      toast.error(error instanceof ApiError && error.status === 404 ? m.goneOrUnreadable : m.deleteFailed);
    }
  }

  return (
    <>
      {/* A click anywhere on the row opens it (the question above all); the chevron is its keyboard control. */}
      <tr onClick={(event) => !(event.target as HTMLElement).closest('button') && onToggle()} style={{ cursor: 'pointer' }}>
        <td style={cell}>
          <IconButton
            iconProps={{ iconName: open ? 'ChevronDown' : 'ChevronRight' }}
            ariaLabel={`${open ? 'close' : 'open'} ${item.feedbackType} from ${item.name ?? item.email ?? item.phone ?? 'anonymous'}`}
            aria-expanded={open}
            onClick={onToggle}
          />
        </td>
        <td style={{ ...cell, whiteSpace: 'nowrap' }}>{statusText[item.status]}</td>
        <td style={{ ...cell, whiteSpace: 'nowrap' }}>{item.feedbackType}</td>
        <td style={{ ...cell, minWidth: 160 }}>{excerpt}</td>
        <td style={{ ...cell, whiteSpace: 'nowrap' }}>{formatDayTime(item.createdAt)}</td>
      </tr>
      {open && (
        <tr>
          <td colSpan={5} style={{ ...cell, background: '#faf9f8' }}>
            <Stack tokens={{ childrenGap: 12 }} styles={{ root: { maxWidth: 720 } }}>
              <Text as="p" styles={{ root: { whiteSpace: 'pre-line' } }}>
                {item.question}
              </Text>
              <dl style={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 16, rowGap: 4, margin: 0 }}>
                <dt>created</dt>
                <dd style={{ margin: 0 }}>{formatDayTime(item.createdAt)}</dd>
                <dt>last updated</dt>
                <dd style={{ margin: 0 }}>{formatDayTime(item.updatedAt)}</dd>
                <dt>created by</dt>
                <dd style={{ margin: 0 }}>{[item.name ?? 'anonymous', item.phone, item.email].filter(Boolean).join(' · ')}</dd>
              </dl>
              {item.answers.length > 0 && (
                <section aria-label="earlier answers">
                  <Text as="h3" variant="mediumPlus">
                    earlier answers
                  </Text>
                  <ul style={{ margin: 0, paddingLeft: 20 }}>
                    {item.answers.map((a) => (
                      <li key={a.id}>
                        <span style={{ whiteSpace: 'pre-line' }}>{a.response}</span>{' '}
                        <Text variant="small">
                          ({a.user.displayName}, {formatDayTime(a.createdAt)}, {a.mailed ? 'sent by email' : 'not emailed'})
                        </Text>
                      </li>
                    ))}
                  </ul>
                </section>
              )}
              <TextField
                label="response"
                multiline
                rows={3}
                required
                value={response}
                onChange={(_, value) => setResponse(value ?? '')}
                onBlur={() => setTouched(true)}
                errorMessage={touched && missing ? messages.validation.required : undefined}
              />
              <Stack horizontal wrap tokens={{ childrenGap: 8 }}>
                <PrimaryButton text="save" disabled={busy} onClick={() => void send('save')} />
                <DefaultButton
                  text="send email"
                  disabled={busy || !item.email}
                  title={item.email ? `to ${item.email}` : 'no e-mail address was given'}
                  onClick={() => void send('mail')}
                />
                <DefaultButton text="delete" disabled={busy} onClick={() => setDeleting(true)} />
                <DefaultButton text="cancel" disabled={busy} onClick={onToggle} />
              </Stack>
            </Stack>
            <ConfirmDialog open={deleting} title="delete feedback" onConfirm={() => void remove()} onCancel={() => setDeleting(false)} />
          </td>
        </tr>
      )}
    </>
  );
}
