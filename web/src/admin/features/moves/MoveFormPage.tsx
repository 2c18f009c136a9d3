import { ChoiceGroup, Label, MessageBar, MessageBarType, ProgressIndicator, Stack, Text, Toggle } from '@fluentui/react';
import {
  authorizationSchemeNames,
  authorizationSchemes,
  contentLocales,
  localeNames,
  type Move,
  type MoveInput,
  isDomain,
  messages,
  moveMessages,
  moveSchema,
  SETTINGS_TOAST_MS,
} from '@movers/contracts';
import type { FormikErrors, FormikHelpers } from 'formik';
import { useFormikContext } from 'formik';
import { type MutableRefObject, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { useApi } from '../../../common/api/ApiContext.tsx';
import { ApiError } from '../../../common/api/errors.ts';
import { DataChangedBar } from '../../../common/forms/DataChangedBar.tsx';
import { ChoiceInput, MultiChoiceInput, TextInput } from '../../../common/forms/fields.tsx';
import { Form } from '../../../common/forms/Form.tsx';
import { formErrors } from '../../../common/forms/formErrors.ts';
import { FormButtons } from '../../../common/forms/FormButtons.tsx';
import { applySaveError } from '../../../common/forms/saveError.ts';
import { useFieldState } from '../../../common/forms/useFieldState.ts';
import { PeopleInput } from '../../../common/people/PeopleInput.tsx';
import { useToast } from '../../../common/toast/Toasts.tsx';
import { Loading } from '../../auth/Guard.tsx';
import { pathTo } from '../../routeTable.ts';
import { Crumbs } from '../../shell/Crumbs.tsx';
import { LoadFailure } from '../../shell/LoadFailure.tsx';
import { useClientExternalUsers, useInternalUsers } from '../users/index.ts';
import { useClient } from '../clients/index.ts';
import { createMove, moveRestored, updateMove, updateMoveImages, useMove } from './api.ts';
import { HistoryPanel } from '../../../common/history/HistoryPanel.tsx';
import { ColorSettings } from './ColorSettings.tsx';
import { moveHistoryLabels, moveHistoryValue } from './moveHistoryValues.ts';
import { DomainListInput } from './DomainListInput.tsx';
import { applyPendingImages, MoveImages, type PendingImages } from './MoveImages.tsx';
import { type BrandingProgress, brandNewMove, type DraftColors, DraftColorSettings } from './NewMoveBranding.tsx';
import { castValues } from '../../../common/forms/castValues.ts';

/** The form's values: domains as a list of checked entries, people as ids. */
interface MoveValues extends Omit<MoveInput, 'teamMembers' | 'clientContact' | 'password' | 'notificationColor'> {
  notificationColor: string;
  /** A domain typed and not yet added to the list: never sent, but it stops a save that would drop it. */
  domainEntry: string;
  password: string;
  teamMembers: string[];
  clientContact: string[];
  /** Colours picked on the create screen, saved once the move exists (an existing move saves each at once). */
  colors: DraftColors;
  /** The images chosen or removed and not yet saved (never sent): a change of the form, so leaving asks. */
  imageChanges: string;
}

const empty: MoveValues = {
  path: '',
  isEnabled: true,
  authorizationScheme: 'emailPassword',
  whitelistedDomains: [],
  domainEntry: '',
  password: '',
  languages: ['en'],
  defaultLanguage: 'en',
  teamMembers: [],
  clientContact: [],
  hideFloorSelection: false,
  notificationText: '',
  notificationTranslations: {},
  notificationColor: '',
  showNotification: false,
  colors: {},
  imageChanges: '',
};

const toValues = (m: Move): MoveValues => ({
  ...empty,
  path: m.path,
  isEnabled: m.isEnabled,
  authorizationScheme: m.authorizationScheme,
  whitelistedDomains: m.whitelistedDomains,
  languages: m.languages,
  defaultLanguage: m.defaultLanguage,
  teamMembers: m.teamMembers.map((p) => p.id),
  clientContact: m.clientContact.map((p) => p.id),
  hideFloorSelection: m.hideFloorSelection,
  notificationText: m.notificationText,
  notificationTranslations: m.notificationTranslations ?? {},
  notificationColor: m.notificationColor ?? '',
  showNotification: m.showNotification,
});

const toInput = ({ domainEntry: _typed, colors: _colors, imageChanges: _images, ...v }: MoveValues): MoveInput => ({
  ...v,
  password: v.password === '' ? null : v.password,
  teamMembers: v.teamMembers.map((id) => ({ id })),
  clientContact: v.clientContact.map((id) => ({ id })),
  notificationColor: v.notificationColor || null,
  // The notice in each of the move's other languages that has one.
  notificationTranslations: Object.fromEntries(
    Object.entries(v.notificationTranslations).filter(([code, text]) => code !== v.defaultLanguage && v.languages.includes(code as never) && text?.trim()),
  ),
});

/** The schema's errors by form field, and a password where the scheme needs one and none is set. */
async function validateMove(values: MoveValues, passwordSet: boolean): Promise<FormikErrors<MoveValues>> {
  const errors = await formErrors(moveSchema, toInput(values));
  if (values.authorizationScheme !== 'email' && !values.password && !passwordSet) errors.password = messages.validation.required;
  // What is left in the domain box (not a domain, so not added) would be lost by the save: say so instead.
  if (values.domainEntry.trim()) errors.whitelistedDomains = isDomain(values.domainEntry) ? 'press Enter to add the domain' : moveMessages.domain;
  return errors;
}

const languageChoices = contentLocales.map((code) => ({ key: code, text: localeNames[code] }));

/** Choosing exactly one language also makes it the default (spec part 2, section 5). */
function SingleLanguageIsDefault() {
  const { values, setFieldValue } = useFormikContext<MoveValues>();
  useEffect(() => {
    if (values.languages.length === 1 && values.defaultLanguage !== values.languages[0]) void setFieldValue('defaultLanguage', values.languages[0]);
  }, [values.languages, values.defaultLanguage, setFieldValue]);
  return null;
}

/** The default language is one of the languages chosen: only those are offered (all six while none is chosen). */
function DefaultLanguageInput() {
  const { values } = useFormikContext<MoveValues>();
  const chosen = languageChoices.filter((choice) => values.languages.includes(choice.key));
  return <ChoiceInput name="defaultLanguage" label="default language" required choices={chosen.length > 0 ? chosen : languageChoices} />;
}

function SwitchInput({ name, label }: { name: string; label: string }) {
  const field = useFieldState<boolean>(name);
  return <Toggle label={label} checked={Boolean(field.value)} onChange={(_, checked) => field.set(Boolean(checked))} />;
}

function SchemeInput() {
  const field = useFieldState<string>('authorizationScheme');
  return (
    <ChoiceGroup
      label="authorization scheme"
      required
      selectedKey={field.value}
      options={authorizationSchemes.map((key) => ({ key, text: authorizationSchemeNames[key] }))}
      onChange={(_, option) => option && field.set(String(option.key))}
    />
  );
}

/**
 * The domains and the password, each marked required when the chosen scheme needs it (spec part 2,
 * section 5): domains unless password only, the password unless email only and none is set yet.
 */
function SchemeFields({ passwordSet }: { passwordSet: boolean }) {
  const { values } = useFormikContext<MoveValues>();
  const scheme = values.authorizationScheme;
  return (
    <>
      <DomainListInput
        name="whitelistedDomains"
        entryName="domainEntry"
        label="whitelisted domains"
        required={scheme !== 'password'}
        description="e-mail domains whose people may sign in: type one and press Enter (not needed for password only)"
      />
      <TextInput
        name="password"
        label="password"
        type="password"
        autoComplete="new-password"
        required={scheme !== 'email' && !passwordSet}
        description={passwordSet ? 'A password is set. Type a new one to replace it; leave empty to keep it.' : 'not needed for email only'}
      />
    </>
  );
}

/**
 * The notice in the default language ('notice'), then in each other language the move offers: a visitor
 * reading the site in one without its own text sees the default language's.
 */
function NoticeTexts() {
  const { values } = useFormikContext<MoveValues>();
  return (
    <>
      <TextInput
        name="notificationText"
        label="notice"
        multiline
        rows={2}
        counter={300}
        description={`in ${localeNames[values.defaultLanguage]}, the default language`}
      />
      {values.languages
        .filter((code) => code !== values.defaultLanguage)
        .map((code) => (
          <TextInput key={code} name={`notificationTranslations.${code}`} label={`notice in ${localeNames[code]}`} multiline rows={2} counter={300} />
        ))}
    </>
  );
}

/** The notice as visitors will see it: a banner in its colour on every page of the site. */
function NoticePreview() {
  const { values } = useFormikContext<MoveValues>();
  if (!values.showNotification || !values.notificationText.trim()) return null;
  const background = /^#[0-9a-fA-F]{6}$/.test(values.notificationColor) ? values.notificationColor : '#8a3b00';
  return (
    <Stack tokens={{ childrenGap: 4 }}>
      <Label>preview of the notice</Label>
      <div role="note" style={{ background, color: '#fff', padding: '10px 16px', borderRadius: 2, fontWeight: 600 }}>
        {values.notificationText}
      </div>
    </Stack>
  );
}

/** The image uploaders, whose chosen files live outside the form's values but count as its change. */
function MoveImagesField({ move, pending }: { move: Move | undefined; pending: MutableRefObject<PendingImages> }) {
  const { setFieldValue } = useFormikContext<MoveValues>();
  return <MoveImages move={move} pending={pending} onChange={(chosen) => void setFieldValue('imageChanges', Object.keys(chosen).sort().join(' '))} />;
}

/** Create location service (CREATE_LOCATION_SERVICE) and edit move location service (EDIT_LOCATION_MOVE_SERVICE). */
export default function MoveFormPage() {
  const { clientId = '', locationId = '', moveId } = useParams();
  const editing = Boolean(moveId);
  const api = useApi();
  const toast = useToast();
  const navigate = useNavigate();
  const client = useClient(clientId);
  const move = useMove(locationId, moveId);
  const internalUsers = useInternalUsers();
  const externalUsers = useClientExternalUsers(clientId);
  const [stale, setStale] = useState(false);
  const pendingImages = useRef<PendingImages>({});
  const [branding, setBranding] = useState<BrandingProgress | null>(null);
  // What a create could not give the new move (an image, colours): said on its edit screen, where it can be tried again.
  const brandingFailures = (useLocation().state as { brandingFailures?: string[] } | null)?.brandingFailures;

  const location = client.data?.locations.find((l) => l.id === locationId);
  const parent = pathTo('CLIENT_LOCATION', { clientId, locationId });
  if (client.status === 'failed')
    return <LoadFailure resource={client} failedText={messages.client.fetchFailed} parent={{ text: 'clients', to: pathTo('CLIENTS_ROOT') }} what="client" />;
  if (editing && move.status === 'failed')
    return (
      <LoadFailure resource={move} failedText={messages.common.fetchFailed} parent={{ text: location?.name ?? 'location', to: parent }} what="move service" />
    );
  if (client.status !== 'ready' || (editing && move.status !== 'ready')) return <Loading label="Loading…" />;

  const m = move.data;
  const title = editing ? 'edit move location service' : 'create location service';

  async function submit(values: MoveValues, helpers: FormikHelpers<MoveValues>) {
    const input = castValues(moveSchema, toInput(values));
    try {
      if (editing && m) {
        const saved = await updateMove(api, clientId, m, input);
        await applyPendingImages(api, saved, pendingImages.current);
        pendingImages.current = {};
        await updateMoveImages(clientId, saved);
      } else {
        const created = await createMove(api, clientId, locationId, input);
        const failures = await brandNewMove(api, created, values.colors, pendingImages.current, setBranding);
        pendingImages.current = {};
        await updateMoveImages(clientId, created);
        if (failures.length > 0) {
          toast.success(messages.move.saved, SETTINGS_TOAST_MS);
          navigate(pathTo('EDIT_LOCATION_MOVE_SERVICE', { clientId, locationId, moveId: created.id }), { state: { brandingFailures: failures } });
          return;
        }
      }
      // The settings' toasts hide after 3 s, not the 4 s of elsewhere (spec part 2, section 8).
      toast.success(messages.move.saved, SETTINGS_TOAST_MS);
      navigate(parent);
    } catch (error) {
      applySaveError(error, (fields) => helpers.setErrors(fields as FormikErrors<MoveValues>), setStale);
      toast.error(`${messages.move.saveFailed}${error instanceof ApiError ? error.message : ''}`, SETTINGS_TOAST_MS);
    }
  }

  const knownInternal = m?.teamMembers ?? [];
  const knownExternal = m?.clientContact ?? [];
  return (
    <Stack tokens={{ childrenGap: 16 }} styles={{ root: { maxWidth: 640 } }}>
      <Crumbs
        items={[
          { key: 'client', text: client.data!.name, to: pathTo('CLIENT_DASHBOARD', { clientId }) },
          { key: 'location', text: location?.name ?? 'location', to: parent },
          { key: 'page', text: title },
        ]}
      />
      <Text as="h1" variant="xxLarge">
        {title}
      </Text>
      {stale && <DataChangedBar />}
      {editing && brandingFailures && (
        <MessageBar messageBarType={MessageBarType.error} role="alert">
          The move was created, but not all of what was chosen with it was saved. {brandingFailures.join(' ')} Choose it again below and save.
        </MessageBar>
      )}
      <Form
        initialValues={m ? toValues(m) : empty}
        validate={(v: MoveValues) => validateMove(v, Boolean(m?.hasPassword))}
        onSubmit={submit}
        enableReinitialize
        label={title}
      >
        <Stack tokens={{ childrenGap: 12 }}>
          <SingleLanguageIsDefault />
          <TextInput name="path" label="path" required description="the visitor site's address: letters, numbers, dash or underscore" />
          <SwitchInput name="isEnabled" label="active (accessible)" />
          <SchemeInput />
          <SchemeFields passwordSet={Boolean(m?.hasPassword)} />
          <MultiChoiceInput name="languages" label="languages" required choices={languageChoices} />
          <DefaultLanguageInput />
          {internalUsers.status === 'failed' && <MessageBar messageBarType={MessageBarType.error}>{messages.brokering.internalUsersFailed}</MessageBar>}
          <PeopleInput name="teamMembers" label="team members" people={internalUsers.data ?? []} known={knownInternal} />
          {externalUsers.status === 'failed' && <MessageBar messageBarType={MessageBarType.error}>{messages.brokering.externalUsersFailed}</MessageBar>}
          <PeopleInput name="clientContact" label="main client contact" people={(externalUsers.data ?? []).map(({ user }) => user)} known={knownExternal} />
          <SwitchInput name="hideFloorSelection" label="hide floor selection" />
          <Text as="h2" variant="large">
            notice on the visitor site
          </Text>
          <NoticeTexts />
          <TextInput name="notificationColor" label="notice colour" description="#rrggbb, e.g. #8a3b00" />
          <SwitchInput name="showNotification" label="show the notice" />
          <NoticePreview />
          {/* The spec's order: the fields, the colours, the images, the save button. */}
          {m ? <ColorSettings moveId={m.id} /> : <DraftColorSettings name="colors" />}
          <MoveImagesField move={m} pending={pendingImages} />
          {branding && <ProgressIndicator label={`uploading ${branding.label}`} percentComplete={branding.percent} />}
          <FormButtons cancelTo={parent} />
        </Stack>
      </Form>
      {m && (
        <HistoryPanel
          source={{ kind: 'move', recordId: m.id }}
          etag={m.etag}
          version={m.etag}
          fieldLabels={moveHistoryLabels}
          formatValue={(field, value) =>
            moveHistoryValue(field, value, [
              ...knownInternal,
              ...knownExternal,
              ...(internalUsers.data ?? []),
              ...(externalUsers.data ?? []).map(({ user }) => user),
            ])
          }
          onRestored={() => {
            setStale(false);
            void moveRestored(clientId, m);
          }}
        />
      )}
    </Stack>
  );
}
