import { Stack, Text } from '@fluentui/react';
import { contactTexts, messages, missingLanguages, moveContactSchema } from '@movers/contracts';
import { TextInput } from '../../../common/forms/fields.tsx';
import { contactsApi } from './api.ts';
import { type ContentLanguages, TextPerLanguage, translationValues } from '../../../common/forms/TextPerLanguage.tsx';
import { useMoveLanguages } from '../moves/index.ts';
import { MoveItemsScreen } from './MoveItemsScreen.tsx';

const fieldsFor = (languages: ContentLanguages | undefined) => (
  <>
    <TextInput name="name" label="name" required autoComplete="off" />
    <TextPerLanguage name="title" label="title" languages={languages} autoComplete="off" />
    <TextInput name="phonenumber" label="phone" autoComplete="off" />
    <TextInput name="email" label="e-mail" type="email" autoComplete="off" />
  </>
);

/**
 * MOVE_CONTACTS: name required, e-mail valid when given, the title in every language of the move; each
 * row summarises name, title, phone and e-mail, and the languages its title misses.
 */
export default function ContactsPage() {
  const languages = useMoveLanguages();
  const fields = fieldsFor(languages);
  return (
    <MoveItemsScreen
      name="contacts"
      itemName="contact"
      store={contactsApi}
      text={messages.moveContacts}
      titleOf={(item) => item.name}
      history={{ kind: 'contact', fieldLabels: { name: 'name', title: 'title', phonenumber: 'phone', email: 'e-mail', translations: 'other languages' } }}
      missing={(item) => (languages ? missingLanguages(item, contactTexts, languages) : [])}
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
      add={{
        schema: moveContactSchema,
        initial: { name: '', title: '', phonenumber: '', email: '', translations: translationValues(undefined, contactTexts, languages) },
        fields,
      }}
      edit={{
        schema: moveContactSchema,
        initial: (item) => ({
          name: item.name,
          title: item.title ?? '',
          phonenumber: item.phonenumber ?? '',
          email: item.email ?? '',
          translations: translationValues(item.translations, contactTexts, languages),
        }),
        fields,
      }}
    />
  );
}
