import { api, type ItemTranslations } from '@movers/contracts';
import { container } from '../../platform/cosmos/client.ts';
import { type OrderedItemDoc, orderedItems } from '../../platform/cosmos/orderedItems.ts';
import { moveItemRoutes } from './moveItemRoutes.ts';

/** A detail as stored in 'moveDetails' (partition /moveId, id `{moveId}_{uuid}`); its `type` is the store's, the API's `type` is always 'text'. */
export interface DetailDoc extends OrderedItemDoc {
  moveId: string;
  type: 'detail';
  title: string;
  description: string;
  /** The texts in the move's other languages (issue 39); absent on items stored before. */
  translations?: ItemTranslations<'title' | 'description'>;
}

export const detailStore = orderedItems<DetailDoc, 'moveId'>({
  container: () => container('moveDetails'),
  partitionField: 'moveId',
  type: 'detail',
  what: 'details',
  history: { container: 'moveDetails', kind: 'detail', title: (doc) => doc.title },
});

export const detailRoutes = moveItemRoutes<DetailDoc>({
  routes: api.moveDetails,
  store: detailStore,
  idParam: 'moveDetailId',
  positionField: 'moveDetailId',
  what: 'detail',
  created: ({ title, description }) => ({ title: title ?? '', description: description ?? '' }),
  changed: ({ title, description }) => ({ title: title ?? '', description: description ?? '' }),
  present: (item) => ({ ...item, type: 'text' }),
});
