import { Stack, Text } from '@fluentui/react';
import { inviteUserSchema, messages, updateUserSchema, type InviteUserInput } from '@movers/contracts';
import type { FormikHelpers } from 'formik';
import { useNavigate, useParams } from 'react-router-dom';
import { useApi } from '../../../common/api/ApiContext.tsx';
import { ApiError } from '../../../common/api/errors.ts';
import { SearchableChoiceInput, TextInput } from '../../../common/forms/fields.tsx';
import { Form } from '../../../common/forms/Form.tsx';
import { FormButtons } from '../../../common/forms/FormButtons.tsx';
import { useToast } from '../../../common/toast/Toasts.tsx';
import { Loading } from '../../auth/Guard.tsx';
import { pathTo } from '../../routeTable.ts';
import { assignClient, inviteUser, useUser } from './api.ts';
import { LoadFailure } from '../../shell/LoadFailure.tsx';
import { useClients } from '../clients/index.ts';
import { applySaveError } from '../../../common/forms/saveError.ts';
import { ReadOnlyField } from '../../../common/forms/ReadOnlyField.tsx';
import { LinkButton } from '../../../common/LinkButton.tsx';
import { castValues } from '../../../common/forms/castValues.ts';

const empty: InviteUserInput = { name: '', clientId: '', email: '' };

/** Create (invite) an external user, or change an external user's client (spec part 1, sections 2 and 5). */
export default function UserFormPage() {
  const { userId } = useParams();
  const editing = Boolean(userId);
  const api = useApi();
  const toast = useToast();
  const navigate = useNavigate();
  const clients = useClients();
  const user = useUser(userId);

  if (editing && user.status !== 'ready') {
    if (user.status === 'failed')
      return <LoadFailure resource={user} failedText={messages.users.fetchFailed} parent={{ text: 'users', to: pathTo('USERS_LIST') }} what="user" />;
    return <Loading label="Loading user…" />;
  }
  // Internal users have no client and their details come from the directory: nothing here to change.
  if (editing && user.data && !user.data.isExternal)
    return (
      <Stack tokens={{ childrenGap: 16 }} horizontalAlign="start" styles={{ root: { maxWidth: 480 } }}>
        <Text as="h1" variant="xxLarge">
          {user.data.displayName}
        </Text>
        <Text as="p">An internal user of the moving company. Internal users have no client; their name and e-mail come from the directory.</Text>
        <ReadOnlyField label="name" value={user.data.displayName} />
        <ReadOnlyField label="contact email" value={user.data.mail} />
        <LinkButton to={pathTo('USERS_LIST')} text="back to users" iconProps={{ iconName: 'Back' }} />
      </Stack>
    );
  const initial: InviteUserInput = user.data ? { name: user.data.displayName, email: user.data.mail, clientId: user.data.client?.id ?? '' } : empty;

  async function submit(values: InviteUserInput, helpers: FormikHelpers<InviteUserInput>) {
    try {
      if (editing) {
        await assignClient(api, userId!, values.clientId, user.data?.etag);
        toast.success(messages.users.updated);
      } else {
        await inviteUser(api, castValues(inviteUserSchema, values) as InviteUserInput);
        toast.success(messages.users.invited);
      }
      navigate(pathTo('USERS_LIST'));
    } catch (error) {
      applySaveError(error, helpers.setErrors);
      if (editing) toast.error(messages.users.updateFailed);
      else if (error instanceof ApiError && error.status === 409) toast.warning(messages.users.emailExists);
      // Invited, but the directory did not take the role yet: sending the form again finishes it.
      else if (error instanceof ApiError && error.status === 502) toast.warning(messages.users.roleNotAssigned);
      else toast.error(messages.users.inviteFailed);
    }
  }

  return (
    <Stack tokens={{ childrenGap: 16 }} styles={{ root: { maxWidth: 480 } }}>
      <Text as="h1" variant="xxLarge">
        {editing ? 'edit user' : 'add user'}
      </Text>
      <Form
        initialValues={initial}
        validationSchema={editing ? updateUserSchema : inviteUserSchema}
        onSubmit={submit}
        enableReinitialize
        label={editing ? 'edit user' : 'add user'}
      >
        <Stack tokens={{ childrenGap: 12 }}>
          {editing ? <ReadOnlyField label="name" value={initial.name} /> : <TextInput name="name" label="name" required />}
          <SearchableChoiceInput name="clientId" label="client" required choices={(clients.data ?? []).map((c) => ({ key: c.id, text: c.name }))} />
          {editing ? <ReadOnlyField label="contact email" value={initial.email} /> : <TextInput name="email" label="contact email" type="email" required />}
          <FormButtons submitText="create user" cancelTo={pathTo('USERS_LIST')} />
        </Stack>
      </Form>
    </Stack>
  );
}
