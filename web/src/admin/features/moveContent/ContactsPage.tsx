import { Stack, Text } from '@fluentui/react';
import { messages, moveContactSchema } from '@movers/contracts';
import { TextInput } from '../../../common/forms/fields.tsx';
import { contactsApi } from './api.ts';
import { MoveItemsScreen } from './MoveItemsScreen.tsx';

const fields = (
  <>
    <TextInput name="name" label="name" required autoComplete="off" />
    <TextInput name="title" label="title" autoComplete="off" />
    <TextInput name="phonenumber" label="phone" autoComplete="off" />
    <TextInput name="email" label="e-mail" type="email" autoComplete="off" />
  </>
);

/** MOVE_CONTACTS: name required, e-mail valid when given; each row summarises name, title, phone and e-mail. */
export default function ContactsPage() {
  return (
    <MoveItemsScreen
      name="contacts"
      itemName="contact"
      store={contactsApi}
      text={messages.moveContacts}
      titleOf={(item) => item.name}
      summary={(item) => (
        <Stack horizontal wrap tokens={{ childrenGap: 16 }}>
          <Text styles={{ root: { fontWeight: 600 } }}>{item.name}</Text>
          {[item.title, item.phonenumber, item.email]
            .filter((part): part is string => Boolean(part))
            .map((part) => (
              <Text key={part}>{part}</Text>
            ))}
        </Stack>
      )}
      add={{ schema: moveContactSchema, initial: { name: '', title: '', phonenumber: '', email: '' }, fields }}
      edit={{
        schema: moveContactSchema,
        initial: (item) => ({ name: item.name, title: item.title ?? '', phonenumber: item.phonenumber ?? '', email: item.email ?? '' }),
        fields,
      }}
    />
  );
}
