import { detailTexts, messages, missingLanguages, moveDetailSchema } from '@movers/contracts';
import { TextPerLanguage, translationValues } from '../../../common/forms/TextPerLanguage.tsx';
import { useMoveLanguages } from '../moves/index.ts';
import { detailsApi } from './api.ts';
import { MoveItemsScreen } from './MoveItemsScreen.tsx';

/** MOVE_DETAILS: title and description (type 'text') in every language of the move, no validation; rows titled by their title or 'click to expand', with the languages they miss. */
export default function DetailsPage() {
  const languages = useMoveLanguages();
  const fields = (
    <>
      <TextPerLanguage name="title" label="title" languages={languages} />
      <TextPerLanguage name="description" label="description" languages={languages} multiline rows={4} />
    </>
  );
  return (
    <MoveItemsScreen
      name="details"
      itemName="details"
      store={detailsApi}
      text={messages.moveDetails}
      titleOf={(item) => item.title || messages.moveDetails.untitled}
      history={{ kind: 'detail', fieldLabels: { title: 'title', description: 'description', translations: 'other languages' } }}
      missing={(item) => (languages ? missingLanguages(item, detailTexts, languages) : [])}
      add={{
        schema: moveDetailSchema,
        initial: { title: '', description: '', type: 'text' as const, translations: translationValues(undefined, detailTexts, languages) },
        fields,
      }}
      edit={{
        schema: moveDetailSchema,
        initial: (item) => ({
          title: item.title,
          description: item.description,
          type: 'text' as const,
          translations: translationValues(item.translations, detailTexts, languages),
        }),
        fields,
      }}
    />
  );
}
