import { Toggle } from '@fluentui/react';
import { type FaqQuestion, faqCreateSchema, faqUpdateSchema, messages } from '@movers/contracts';
import { useApi } from '../../../common/api/ApiContext.tsx';
import { TextInput } from '../../../common/forms/fields.tsx';
import { useToast } from '../../../common/toast/Toasts.tsx';
import { faqApi } from './api.ts';
import { MoveItemsScreen } from './MoveItemsScreen.tsx';

/** MOVE_FAQs: question and answer required to add (new questions unpublished), a published toggle per row, the answer required to edit. */
export default function FaqPage() {
  const api = useApi();
  const toast = useToast();

  async function togglePublished(item: FaqQuestion, published: boolean) {
    try {
      await faqApi.update(api, item, { question: item.question, answer: item.answer, published });
      toast.success(messages.faq.updated);
    } catch {
      toast.error(messages.faq.updateFailed);
    }
  }

  return (
    <MoveItemsScreen
      name="FAQs"
      itemName="question"
      store={faqApi}
      text={messages.faq}
      titleOf={(item) => item.question}
      actions={(item, title) => (
        <Toggle
          ariaLabel={`published: ${title}`}
          checked={item.published}
          onChange={(_, checked) => void togglePublished(item, Boolean(checked))}
          styles={{ root: { marginBottom: 0 } }}
        />
      )}
      add={{
        schema: faqCreateSchema,
        initial: { question: '', answer: '', published: false },
        fields: (
          <>
            <TextInput name="question" label="question" required multiline rows={2} />
            <TextInput name="answer" label="answer" required multiline rows={4} />
          </>
        ),
      }}
      edit={{
        schema: faqUpdateSchema,
        initial: (item) => ({ question: item.question, answer: item.answer, published: item.published }),
        fields: (
          <>
            <TextInput name="question" label="question" multiline rows={2} />
            <TextInput name="answer" label="answer" required multiline rows={4} />
          </>
        ),
      }}
    />
  );
}
