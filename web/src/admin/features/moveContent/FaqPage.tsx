import { Toggle } from '@fluentui/react';
import { type FaqQuestion, faqCreateSchema, faqTexts, faqUpdateSchema, messages, missingLanguages } from '@movers/contracts';
import { useApi } from '../../../common/api/ApiContext.tsx';
import { TextPerLanguage, translationValues } from '../../../common/forms/TextPerLanguage.tsx';
import { useToast } from '../../../common/toast/Toasts.tsx';
import { faqApi } from './api.ts';
import { MoveItemsScreen } from './MoveItemsScreen.tsx';
import { useMoveLanguages } from '../moves/index.ts';

/**
 * MOVE_FAQs: question and answer required to add (new questions unpublished), a published toggle per row,
 * the answer required to edit; each text in every language of the move (the default's required, the
 * others optional), and under each question the languages it misses.
 */
export default function FaqPage() {
  const api = useApi();
  const toast = useToast();
  const languages = useMoveLanguages();

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
      history={{ kind: 'faq', fieldLabels: { question: 'question', answer: 'answer', published: 'published', translations: 'other languages' } }}
      missing={(item) => (languages ? missingLanguages(item, faqTexts, languages) : [])}
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
        initial: { question: '', answer: '', published: false, translations: translationValues(undefined, faqTexts, languages) },
        fields: (
          <>
            <TextPerLanguage name="question" label="question" languages={languages} required multiline rows={2} />
            <TextPerLanguage name="answer" label="answer" languages={languages} required multiline rows={4} />
          </>
        ),
      }}
      edit={{
        schema: faqUpdateSchema,
        initial: (item) => ({
          question: item.question,
          answer: item.answer,
          published: item.published,
          translations: translationValues(item.translations, faqTexts, languages),
        }),
        fields: (
          <>
            <TextPerLanguage name="question" label="question" languages={languages} multiline rows={2} />
            <TextPerLanguage name="answer" label="answer" languages={languages} required multiline rows={4} />
          </>
        ),
      }}
    />
  );
}
