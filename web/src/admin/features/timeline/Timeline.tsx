import { DefaultButton, IconButton, Stack, Text } from '@fluentui/react';
import {
  eventTexts,
  formatDayRange,
  formatLongDay,
  isCurrentEvent,
  messages,
  missingLanguages,
  sectionTexts,
  type TimelineEvent,
  type TimelineEventInput,
  type TimelineSection,
} from '@movers/contracts';
import { useState } from 'react';
import { useApi } from '../../../common/api/ApiContext.tsx';
import { ConfirmDialog } from '../../../common/ConfirmDialog.tsx';
import { ApiError } from '../../../common/api/errors.ts';
import { type ContentLanguages, MissingLanguages } from '../../../common/forms/TextPerLanguage.tsx';
import { useToast } from '../../../common/toast/Toasts.tsx';
import { contentValue } from '../../../common/history/contentValues.ts';
import { HistoryPanel } from '../../../common/history/HistoryPanel.tsx';
import { Loading } from '../../auth/Guard.tsx';
import { createSection, deleteSection, updateSection, useTimeline, type TimelineOwnerRef } from './api.ts';
import { type EventWave, EventForm, forWaves, SectionForm } from './forms.tsx';

const lineColor = '#8a8886';
const styles = {
  list: { listStyle: 'none', margin: 0, padding: 0, borderLeft: `2px solid ${lineColor}` },
  section: { position: 'relative' as const, padding: '0 0 20px 20px' },
  dot: { position: 'absolute' as const, left: -7, top: 6, width: 12, height: 12, borderRadius: 6, background: '#0078d4' },
  events: { listStyle: 'none', margin: '8px 0 0', padding: 0 },
  event: { padding: '4px 0' },
};

type Editing =
  | { kind: 'none' }
  | { kind: 'addSection' }
  | { kind: 'section'; id: string }
  | { kind: 'addEvent'; id: string }
  | { kind: 'event'; id: string; eventId: string };
type Deleting = { section: TimelineSection; event?: TimelineEvent } | null;

/** A section's fields in the timeline's words, for its History. */
const sectionFieldLabels = { title: 'title', date: 'date', events: 'events', translations: 'other languages' };

const inputOf = (e: TimelineEvent): TimelineEventInput => ({
  id: e.id,
  title: e.title,
  description: e.description,
  startDate: e.startDate,
  endDate: e.endDate,
  ...(e.translations ? { translations: e.translations } : {}),
  // Kept as it is when another event of the section is saved (the section's events go out whole).
  ...(e.waves ? { waves: e.waves } : {}),
});

/**
 * The timeline of a brokering project (or, later, of a move): dated sections with events on a vertical
 * line. Events show one day or a day range; current events are bold. With `editable`, sections and
 * events get inline edit toggles and deletion after confirmation. With `languages` (a move's), the forms
 * have a box per language of the move for each text, and each section and event says the languages it misses.
 * A section's edit form has the section's History under it (its events are part of the section).
 */
export function Timeline({
  owner,
  editable,
  now = new Date(),
  sectionLevel = 3,
  languages,
  waves,
  timeZone,
}: {
  owner: TimelineOwnerRef;
  /** A move's time zone (issue 55): an event is current by the move's day, not the screen's. */
  timeZone?: string;
  languages?: ContentLanguages;
  /** A move's waves (issue 48): an event is for all of them, or for those chosen. */
  waves?: EventWave[];
  editable: boolean;
  now?: Date;
  /** The sections' heading level: one below the heading the timeline sits under (a page's h1, a card's h2). */
  sectionLevel?: 2 | 3;
}) {
  const api = useApi();
  const toast = useToast();
  const timeline = useTimeline(owner);
  const [editing, setEditing] = useState<Editing>({ kind: 'none' });
  const [deleting, setDeleting] = useState<Deleting>(null);
  const close = () => setEditing({ kind: 'none' });

  if (timeline.status === 'failed')
    return (
      <Text role="alert" styles={{ root: { color: '#a4262c' } }}>
        {messages.timeline.fetchFailed}
      </Text>
    );
  if (timeline.status !== 'ready' || !timeline.data) return <Loading label="Loading timeline…" />;
  const sections = timeline.data;

  async function saveChange(section: TimelineSection, change: Parameters<typeof updateSection>[3], saved: string = messages.timeline.sectionSaved) {
    try {
      await updateSection(api, owner, section, change);
      toast.success(saved);
      close();
    } catch (error) {
      if (error instanceof ApiError && error.status === 412) {
        toast.error(messages.timeline.sectionNotUpdated);
        await timeline.reload();
      } else toast.error(messages.timeline.sectionUpdateFailed);
    }
  }

  async function confirmDelete() {
    if (!deleting) return;
    const { section, event } = deleting;
    setDeleting(null);
    try {
      if (event) {
        await updateSection(api, owner, section, { events: section.events.filter((e) => e.id !== event.id).map(inputOf) });
      } else {
        await deleteSection(api, owner, section);
      }
      toast.success(messages.timeline.deleted);
    } catch {
      toast.error(messages.timeline.deleteFailed);
    }
  }

  return (
    <Stack tokens={{ childrenGap: 12 }}>
      {editable &&
        (editing.kind === 'addSection' ? (
          <SectionForm
            label="add section"
            languages={languages}
            onCancel={close}
            onSave={async (v) => {
              try {
                await createSection(api, owner, { ...v, events: [] });
                toast.success(messages.timeline.sectionSaved);
                close();
              } catch {
                toast.error(messages.timeline.sectionUpdateFailed);
              }
            }}
          />
        ) : (
          <Stack horizontal>
            <DefaultButton text="add section" iconProps={{ iconName: 'Add' }} onClick={() => setEditing({ kind: 'addSection' })} />
          </Stack>
        ))}
      {sections.length === 0 ? (
        <Text as="p">{messages.common.noItems}</Text>
      ) : (
        <ol style={styles.list} aria-label="timeline">
          {sections.map((section) => (
            <li key={section.id} style={styles.section}>
              <span style={styles.dot} aria-hidden="true" />
              {editing.kind === 'section' && editing.id === section.id ? (
                <Stack tokens={{ childrenGap: 12 }}>
                  <SectionForm
                    // A restore below gives the section a new version: the form starts again from it.
                    key={section.etag}
                    label={`edit section ${section.title}`}
                    initial={section}
                    languages={languages}
                    onCancel={close}
                    onSave={(_v, changed) => (Object.keys(changed).length > 0 ? saveChange(section, changed) : Promise.resolve(close()))}
                  />
                  <HistoryPanel
                    source={{ kind: 'timeline-section', recordId: section.id }}
                    etag={section.etag}
                    version={section.etag}
                    fieldLabels={sectionFieldLabels}
                    formatValue={contentValue}
                    heading={`History of ${section.title}`}
                    onRestored={() => void timeline.reload()}
                  />
                </Stack>
              ) : (
                <Stack horizontal verticalAlign="center" wrap tokens={{ childrenGap: 8 }}>
                  <Text as={sectionLevel === 2 ? 'h2' : 'h3'} variant="large" styles={{ root: { margin: 0 } }}>
                    {section.title}
                  </Text>
                  <Text variant="medium">{formatLongDay(section.date)}</Text>
                  {languages && editable && <MissingLanguages codes={missingLanguages(section, sectionTexts, languages)} />}
                  {editable && (
                    <>
                      <IconButton
                        iconProps={{ iconName: 'Edit' }}
                        title="edit section"
                        ariaLabel={`edit section ${section.title}`}
                        onClick={() => setEditing({ kind: 'section', id: section.id })}
                      />
                      <IconButton
                        iconProps={{ iconName: 'Delete' }}
                        title="delete section"
                        ariaLabel={`delete section ${section.title}`}
                        onClick={() => setDeleting({ section })}
                      />
                    </>
                  )}
                </Stack>
              )}
              {section.events.length > 0 && (
                <ul style={styles.events} aria-label={`events of ${section.title}`}>
                  {section.events.map((event) =>
                    editing.kind === 'event' && editing.eventId === event.id ? (
                      <li key={event.id} style={styles.event}>
                        <EventForm
                          label={`edit event ${event.title}`}
                          initial={inputOf(event)}
                          languages={languages}
                          waves={waves}
                          onCancel={close}
                          onSave={(v) =>
                            saveChange(section, { events: section.events.map((e) => (e.id === event.id ? v : inputOf(e))) }, messages.timeline.eventSaved)
                          }
                        />
                      </li>
                    ) : (
                      <li key={event.id} style={styles.event}>
                        <Stack horizontal verticalAlign="center" wrap tokens={{ childrenGap: 8 }}>
                          <Text
                            styles={{ root: { fontWeight: isCurrentEvent(event, now, timeZone) ? 700 : 400 } }}
                            data-current={isCurrentEvent(event, now, timeZone) || undefined}
                          >
                            {formatDayRange(event.startDate, event.endDate)}: {event.title}
                          </Text>
                          {waves && event.waves && event.waves.length > 0 && <Text variant="small">{forWaves(event.waves, waves)}</Text>}
                          {editable && (
                            <>
                              <IconButton
                                iconProps={{ iconName: 'Edit' }}
                                title="edit event"
                                ariaLabel={`edit event ${event.title}`}
                                onClick={() => setEditing({ kind: 'event', id: section.id, eventId: event.id })}
                              />
                              <IconButton
                                iconProps={{ iconName: 'Delete' }}
                                title="delete event"
                                ariaLabel={`delete event ${event.title}`}
                                onClick={() => setDeleting({ section, event })}
                              />
                            </>
                          )}
                        </Stack>
                        {event.description && (
                          <Text as="p" variant="small" styles={{ root: { margin: '2px 0 0' } }}>
                            {event.description}
                          </Text>
                        )}
                        {languages && editable && <MissingLanguages codes={missingLanguages(event, eventTexts, languages)} />}
                      </li>
                    ),
                  )}
                </ul>
              )}
              {editable &&
                (editing.kind === 'addEvent' && editing.id === section.id ? (
                  <EventForm
                    label={`add event to ${section.title}`}
                    languages={languages}
                    waves={waves}
                    onCancel={close}
                    onSave={(v) => saveChange(section, { events: [...section.events.map(inputOf), v] }, messages.timeline.eventSaved)}
                  />
                ) : (
                  <DefaultButton
                    text="add event"
                    ariaLabel={`add event to ${section.title}`}
                    iconProps={{ iconName: 'Add' }}
                    styles={{ root: { marginTop: 8 } }}
                    onClick={() => setEditing({ kind: 'addEvent', id: section.id })}
                  />
                ))}
            </li>
          ))}
        </ol>
      )}
      <ConfirmDialog
        open={Boolean(deleting)}
        title={deleting?.event ? 'delete event' : 'delete section'}
        // A move's section comes back from the move's recent changes (an event: from its section's History).
        text={owner.kind === 'move' && !deleting?.event ? messages.common.deleteConfirmBringBack : undefined}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      />
    </Stack>
  );
}
