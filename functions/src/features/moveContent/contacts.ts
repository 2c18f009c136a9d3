import { api, type ItemTranslations } from '@movers/contracts';
import { container } from '../../platform/cosmos/client.ts';
import { type OrderedItemDoc, orderedItems } from '../../platform/cosmos/orderedItems.ts';
import { moveItemRoutes } from './moveItemRoutes.ts';

/** A contact as stored in 'moveContacts' (partition /moveId, id `{moveId}_{uuid}`). */
export interface ContactDoc extends OrderedItemDoc {
  moveId: string;
  type: 'contact';
  name: string;
  title: string | null;
  phonenumber: string | null;
  email: string | null;
  /** The texts in the move's other languages (issue 39); absent on items stored before. */
  translations?: ItemTranslations<'title'>;
}

export const contactStore = orderedItems<ContactDoc, 'moveId'>({
  container: () => container('moveContacts'),
  partitionField: 'moveId',
  type: 'contact',
  what: 'contacts',
  history: { container: 'moveContacts', kind: 'contact', title: (doc) => doc.name },
});

// A PUT replaces every field: an emptied one is stored as null.
const fields = ({ name, title, phonenumber, email }: Record<string, unknown>) => ({
  name,
  title: title ?? null,
  phonenumber: phonenumber ?? null,
  email: email ?? null,
});

export const contactRoutes = moveItemRoutes<ContactDoc>({
  routes: api.moveContacts,
  store: contactStore,
  idParam: 'contactId',
  positionField: 'contactId',
  what: 'contact',
  created: fields,
  changed: fields,
});
