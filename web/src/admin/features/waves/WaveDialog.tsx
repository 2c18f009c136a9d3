import {
  DefaultButton,
  Dialog,
  DialogFooter,
  DialogType,
  Dropdown,
  MessageBar,
  MessageBarType,
  PrimaryButton,
  Spinner,
  SpinnerSize,
  Stack,
  TextField,
} from '@fluentui/react';
import { format, type LabelColor, labelColors, localeNames, type WaveInput, type WaveLoad, type WaveWithLoad } from '@movers/contracts';
import { useFormikContext } from 'formik';
import { useState } from 'react';
import { ApiError } from '../../../common/api/errors.ts';
import { Form, useFormState } from '../../../common/forms/Form.tsx';
import { type ContentLanguages, otherLanguages } from '../../../common/forms/TextPerLanguage.tsx';
import { useFieldState } from '../../../common/forms/useFieldState.ts';
import { overCapacityTexts } from './loadText.ts';
import { castWave, formCapacity, type WaveFormValues, waveErrors, waveValues } from './waveForm.ts';
import type { WaveText } from './text.ts';

/** A box of the form: text, a day, or a local date and time of the move. */
function Field({
  name,
  label,
  type = 'text',
  required,
  description,
}: {
  name: string;
  label: string;
  type?: 'text' | 'date' | 'datetime-local' | 'number';
  required?: boolean;
  description?: string;
}) {
  const field = useFieldState<string>(name);
  return (
    <TextField
      name={name}
      label={label}
      type={type}
      required={required}
      description={description}
      min={type === 'number' ? 0 : undefined}
      step={type === 'number' ? 1 : undefined}
      value={field.value ?? ''}
      onChange={(_, value) => field.set(value ?? '')}
      onBlur={() => field.touch()}
      errorMessage={field.error}
    />
  );
}

function ColorField({ t }: { t: WaveText }) {
  const field = useFieldState<LabelColor | ''>('color');
  return (
    <Dropdown
      label={t.color}
      selectedKey={field.value ?? ''}
      options={[{ key: '', text: t.noColor }, ...labelColors.map((c) => ({ key: c, text: t.colors[c] }))]}
      onChange={(_, option) => field.set((option?.key as LabelColor | '') ?? '')}
      styles={{ root: { minWidth: 160 } }}
    />
  );
}

/** Over capacity before saving: the wave's load now against the capacity as typed (a warning: the team decides). */
function CapacityWarning({ t, load }: { t: WaveText; load: WaveLoad }) {
  const { values } = useFormikContext<WaveFormValues>();
  const over = overCapacityTexts(t, formCapacity(values), load);
  if (over.length === 0) return null;
  return (
    <MessageBar messageBarType={MessageBarType.warning} isMultiline>
      <strong>{t.overCapacity}</strong>: {over.join('; ')}. {format(t.overInForm, { load: `${load.people} ${t.people}, ${load.crates} ${t.crates}` })}
    </MessageBar>
  );
}

function Buttons({ t, submitText, onCancel }: { t: WaveText; submitText: string; onCancel: () => void }) {
  const { saving } = useFormState();
  return (
    <DialogFooter>
      <PrimaryButton type="submit" text={submitText} disabled={saving} aria-busy={saving} />
      <DefaultButton text={t.cancel} onClick={onCancel} />
      {saving && <Spinner size={SpinnerSize.small} label={t.saving} labelPosition="right" />}
    </DialogFooter>
  );
}

function Window({ name, label, t }: { name: 'pickUp' | 'arrival'; label: string; t: WaveText }) {
  return (
    <fieldset style={{ border: '1px solid #edebe9', borderRadius: 4, padding: '4px 12px 12px', margin: 0 }}>
      <legend>{label}</legend>
      <Stack horizontal wrap tokens={{ childrenGap: 8 }}>
        <Field name={`${name}.start`} label={`${label}: ${t.from}`} type="datetime-local" />
        <Field name={`${name}.end`} label={`${label}: ${t.to}`} type="datetime-local" />
      </Stack>
    </fieldset>
  );
}

/**
 * Add or change a wave, in a dialog: its name in each language of the move, day, pack-by, pick-up and
 * arrival (local times of the move, `timeZone`), capacity and colour, checked by the contract's waveSchema.
 * Over capacity is said while typing (against the wave's load now) and does not stop the save.
 */
export default function WaveDialog({
  t,
  wave,
  shownName,
  languages,
  timeZone,
  stale = false,
  onSave,
  onCancel,
}: {
  t: WaveText;
  /** A save was refused as stale (412): the dialog says so above the wave as it is now. */
  stale?: boolean;
  /** Null: a new wave. */
  wave: WaveWithLoad | null;
  /** The wave's name as the screen shows it (its language, else the move's default: issue 55). */
  shownName?: string;
  languages: ContentLanguages | undefined;
  timeZone: string;
  onSave: (body: WaveInput) => Promise<void>;
  onCancel: () => void;
}) {
  const [failed, setFailed] = useState<string | null>(null);
  const title = wave ? format(t.editNamed, { name: shownName ?? wave.name }) : t.add;
  const nameLabel = (code: string) => (languages ? format(t.nameIn, { language: localeNames[code as keyof typeof localeNames] }) : t.name);
  return (
    <Dialog
      hidden={false}
      onDismiss={onCancel}
      dialogContentProps={{ type: DialogType.normal, title, subText: format(t.timeZone, { zone: timeZone }) }}
      modalProps={{ isBlocking: true }}
      minWidth={Math.min(560, typeof window === 'undefined' ? 560 : window.innerWidth - 32)}
    >
      <Form<WaveFormValues>
        label={title}
        initialValues={waveValues(wave, languages)}
        validate={waveErrors}
        onSubmit={async (values, helpers) => {
          setFailed(null);
          try {
            await onSave(castWave(values));
          } catch (error) {
            if (error instanceof ApiError && error.status === 409) helpers.setErrors({ name: t.nameTaken });
            else if (error instanceof ApiError && error.fields) helpers.setErrors(error.fields as never);
            else setFailed(error instanceof ApiError && error.body?.error.message ? `${t.saveFailed}: ${error.body.error.message}` : t.saveFailed);
          }
        }}
      >
        <Stack tokens={{ childrenGap: 8 }}>
          {stale && (
            <MessageBar messageBarType={MessageBarType.warning} isMultiline>
              {t.conflict}
            </MessageBar>
          )}
          {failed && (
            <MessageBar messageBarType={MessageBarType.error} isMultiline>
              {failed}
            </MessageBar>
          )}
          <Field name="name" label={nameLabel(languages?.defaultLanguage ?? 'en')} required />
          {otherLanguages(languages).map((code) => (
            <Field key={code} name={`translations.${code}.name`} label={nameLabel(code)} />
          ))}
          <Stack horizontal wrap tokens={{ childrenGap: 8 }}>
            <Field name="day" label={t.day} type="date" required />
            <Field name="packBy" label={t.packBy} type="datetime-local" />
          </Stack>
          <Window name="pickUp" label={t.pickUp} t={t} />
          <Window name="arrival" label={t.arrival} t={t} />
          <Stack horizontal wrap tokens={{ childrenGap: 8 }} verticalAlign="start">
            <Field name="capacity.people" label={t.capacityPeople} type="number" description={t.capacityHint} />
            <Field name="capacity.crates" label={t.capacityCrates} type="number" description={t.capacityHint} />
            <ColorField t={t} />
          </Stack>
          <CapacityWarning t={t} load={wave?.load ?? { people: 0, crates: 0 }} />
          <Buttons t={t} submitText={wave ? t.save : t.add} onCancel={onCancel} />
        </Stack>
      </Form>
    </Dialog>
  );
}
