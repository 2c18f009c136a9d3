import { format, isPersonDepartment, isPersonEmail, isPersonPhone, type MarkerUser, STICKERS_MAX } from '@movers/contracts';
import { useState } from 'react';
import { InlineEdit } from './InlineEdit.tsx';
import { PlainTextField } from '../../../common/PlainControls.tsx';
import { stickersOf } from './places.ts';
import { EmailText } from '../../../common/people/EmailText.tsx';
import { usePlannerText } from './text.ts';

// The cells of the people table a person's values are changed in, each saved as soon as it is confirmed.

/** A name, renamed in place; an empty name is ignored. */
export function PersonName({ person, onRename }: { person: MarkerUser; onRename: (name: string) => Promise<void> }) {
  const t = usePlannerText();
  return (
    <InlineEdit
      value={person.name}
      shown={<span>{person.name}</span>}
      editLabel={`${t.rename} ${person.name}`}
      fieldLabel={format(t.newName, { name: person.name })}
      onConfirm={(name) => name && void onRename(name)}
    />
  );
}

/** An e-mail address, edited in place: a valid one is saved, empty removes it. */
export function PersonEmail({ person, onChange }: { person: MarkerUser; onChange: (email: string | null) => Promise<void> }) {
  const t = usePlannerText();
  return (
    <InlineEdit
      value={person.email ?? ''}
      shown={person.email ? <EmailText email={person.email} /> : <i>{t.noEmail}</i>}
      editLabel={`${t.editEmail} ${person.name}`}
      fieldLabel={format(t.newEmail, { name: person.name })}
      type="email"
      check={(email) => (email && !isPersonEmail(email) ? t.invalidEmail : undefined)}
      onConfirm={(email) => void onChange(email || null)}
    />
  );
}

/** A phone number for the move team on move day, edited in place: a valid one is saved, empty removes it. */
export function PersonPhone({ person, onChange }: { person: MarkerUser; onChange: (phone: string | null) => Promise<void> }) {
  const t = usePlannerText();
  return (
    <InlineEdit
      value={person.phone ?? ''}
      shown={person.phone ? <span style={{ whiteSpace: 'nowrap' }}>{person.phone}</span> : <i>{t.noPhone}</i>}
      editLabel={`${t.editPhone} ${person.name}`}
      fieldLabel={format(t.newPhone, { name: person.name })}
      type="tel"
      check={(phone) => (phone && !isPersonPhone(phone) ? t.invalidPhone : undefined)}
      onConfirm={(phone) => void onChange(phone || null)}
    />
  );
}

/** A person's department (the department filter picks by it), edited in place: empty removes it. */
export function PersonDepartment({ person, onChange }: { person: MarkerUser; onChange: (department: string | null) => Promise<void> }) {
  const t = usePlannerText();
  return (
    <InlineEdit
      value={person.department ?? ''}
      shown={person.department ? <span>{person.department}</span> : <i>{t.noDepartment}</i>}
      editLabel={`${t.editDepartment} ${person.name}`}
      fieldLabel={format(t.newDepartment, { name: person.name })}
      check={(department) => (department && !isPersonDepartment(department) ? t.invalidDepartment : undefined)}
      onConfirm={(department) => void onChange(department.trim() || null)}
    />
  );
}

/** A person's sticker count: empty shows and uses the move's default. */
export function PersonStickers({ person, fallback, onChange }: { person: MarkerUser; fallback: number; onChange: (count: number | null) => Promise<void> }) {
  const t = usePlannerText();
  const [text, setText] = useState(person.stickersCount === null ? '' : String(person.stickersCount));
  const [shown, setShown] = useState(person.stickersCount);
  if (shown !== person.stickersCount) {
    setShown(person.stickersCount);
    setText(person.stickersCount === null ? '' : String(person.stickersCount));
  }
  // A count out of range is said, not silently undone, and not saved.
  const invalid = stickersOf(text) === undefined;
  const commit = () => {
    const count = stickersOf(text);
    if (count !== undefined && count !== person.stickersCount) void onChange(count);
  };
  return (
    <PlainTextField
      label={`${t.stickers} ${person.name}`}
      value={text}
      placeholder={String(fallback)}
      inputMode="numeric"
      error={invalid ? format(t.stickersRange, { max: STICKERS_MAX }) : undefined}
      onChange={(event) => setText(event.target.value)}
      onBlur={commit}
      onKeyDown={(event) => event.key === 'Enter' && commit()}
      width={72}
    />
  );
}
