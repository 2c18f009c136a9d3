import { Dropdown, type IDropdownOption, Stack, Text } from '@fluentui/react';
import { api as routes, type HistoryEntry, type HistoryKind, type HistoryPage, moveHistoryKinds, undeletableKinds } from '@movers/contracts';
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { mutate } from 'swr';
import { useRoute } from '../../../common/api/route.ts';
import { contentValue } from '../../../common/history/contentValues.ts';
import { HistoryPanel } from '../../../common/history/HistoryPanel.tsx';
import { whoOf } from '../../../common/history/historyText.ts';
import { MoveCrumbs, moveHistoryLabels, moveHistoryValue, useMove, useMoveTimeZone } from '../moves/index.ts';
import { referencesChanged, useMoveReferences } from './moveReferences.ts';

const ALL = '';

/** The kinds of a move's records, as the filter names them. */
const kindWords: Record<(typeof moveHistoryKinds)[number], string> = {
  move: 'move service',
  page: 'pages',
  faq: 'FAQs',
  contact: 'contacts',
  detail: 'details',
  'timeline-section': 'timeline sections',
  floor: 'floors',
  marker: 'markers',
  person: 'people',
  wave: 'waves',
};

/** The fields of the move's records in the words of their screens. */
const fieldLabels: Record<string, string> = {
  question: 'question',
  answer: 'answer',
  published: 'published',
  translations: 'translations',
  phonenumber: 'phone',
  phone: 'phone',
  department: 'department',
  email: 'e-mail',
  defaultLanguage: 'default language',
  templateId: 'template',
  markerId: 'seat',
  // The planner's own words for its fields (its screens are in the move's language; these in English).
  spaceId: 'space',
  layoutId: 'floor',
  markerType: 'type',
  openSpace: 'open space',
  positionX: 'position across',
  positionY: 'position down',
  stickersCount: 'stickers',
  labelColor: 'label colour',
  floorSize: 'floor size',
  fileName: 'file name',
  // A floor's plan as drawn from a page of an architect's PDF, and that PDF (issue 50).
  image: 'plan',
  source: 'plan PDF',
};

const undeletable = new Set<string>(undeletableKinds);

/**
 * MOVE_HISTORY (issue 37): everything changed in a move, newest first, filtered by kind and by the person
 * who made the change; a deleted page, FAQ item, contact, detail, marker, person or timeline section can
 * be brought back from here (an ordered item to its place). Once one is back, every list of the move the
 * screens hold is read again.
 */
export default function MoveHistoryPage() {
  const { moveId = '', locationId } = useParams();
  const move = useMove(locationId, moveId);
  const reference = useMoveReferences(moveId);
  // Every time on the move's clock, the zone named once (issue 55).
  const timeZone = useMoveTimeZone(moveId);
  const [kind, setKind] = useState<HistoryKind | ''>(ALL);
  const [user, setUser] = useState(ALL);
  // The people who changed something lately, for the person filter (the newest hundred entries name them).
  const recent = useRoute(routes.history.move, moveId ? { moveId } : null, { limit: '100' });
  const people = new Map((recent.data as HistoryPage | undefined)?.entries.map((e) => [e.by.id, whoOf(e.by)]) ?? []);

  const kindOptions: IDropdownOption[] = [{ key: ALL, text: 'everything' }, ...moveHistoryKinds.map((k) => ({ key: k, text: kindWords[k] }))];
  const userOptions: IDropdownOption[] = [
    { key: ALL, text: 'anyone' },
    ...[...people].sort((a, b) => a[1].localeCompare(b[1])).map(([id, name]) => ({ key: id, text: name })),
  ];

  /** A record brought back: every cached list of the move (pages, FAQ, timeline, a floor's markers, …) is read again. */
  const listsChanged = () => Promise.all([mutate((key) => typeof key === 'string' && key.includes(moveId)), referencesChanged(moveId)]);

  /** Every value by what a person calls it: a seat by its place, a language by its name, a team member by theirs. */
  const formatValue = (field: string, value: unknown, entry: HistoryEntry) =>
    entry.kind === 'move'
      ? (moveHistoryValue(field, value, [...(move.data?.teamMembers ?? []), ...(move.data?.clientContact ?? [])]) ?? contentValue(field, value))
      : (reference(field, value, entry) ?? contentValue(field, value));

  return (
    <Stack tokens={{ childrenGap: 16 }}>
      <MoveCrumbs current="recent changes" />
      <Text as="h1" variant="xxLarge">
        recent changes
      </Text>
      <Stack horizontal wrap tokens={{ childrenGap: 16 }} role="group" aria-label="filter changes">
        <Dropdown
          label="what"
          selectedKey={kind}
          options={kindOptions}
          onChange={(_, option) => setKind((option?.key ?? ALL) as HistoryKind | '')}
          styles={{ root: { minWidth: 200 } }}
        />
        <Dropdown
          label="changed by"
          selectedKey={user}
          options={userOptions}
          onChange={(_, option) => setUser(String(option?.key ?? ALL))}
          styles={{ root: { minWidth: 200 } }}
        />
      </Stack>
      <HistoryPanel
        source={{ moveId, kind: kind || undefined, user: user || undefined }}
        heading="changes"
        showRecord
        fieldLabels={{ ...moveHistoryLabels, ...fieldLabels }}
        formatValue={formatValue}
        undelete={(entry) => undeletable.has(entry.kind)}
        onRestored={() => void listsChanged()}
        timeZone={timeZone}
      />
    </Stack>
  );
}
