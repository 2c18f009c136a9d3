import { messages, moveDetailSchema } from '@movers/contracts';
import { TextInput } from '../../../common/forms/fields.tsx';
import { detailsApi } from './api.ts';
import { MoveItemsScreen } from './MoveItemsScreen.tsx';

const fields = (
  <>
    <TextInput name="title" label="title" />
    <TextInput name="description" label="description" multiline rows={4} />
  </>
);

/** MOVE_DETAILS: title and description (type 'text'), no validation; rows titled by their title or 'click to expand'. */
export default function DetailsPage() {
  return (
    <MoveItemsScreen
      name="details"
      itemName="details"
      store={detailsApi}
      text={messages.moveDetails}
      titleOf={(item) => item.title || messages.moveDetails.untitled}
      add={{ schema: moveDetailSchema, initial: { title: '', description: '', type: 'text' as const }, fields }}
      edit={{ schema: moveDetailSchema, initial: (item) => ({ title: item.title, description: item.description, type: 'text' as const }), fields }}
    />
  );
}
