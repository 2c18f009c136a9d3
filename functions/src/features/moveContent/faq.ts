import { api, type ItemTranslations } from '@movers/contracts';
import { container } from '../../platform/cosmos/client.ts';
import { type OrderedItemDoc, orderedItems } from '../../platform/cosmos/orderedItems.ts';
import { moveItemRoutes } from './moveItemRoutes.ts';

/** A question as stored in 'faqQuestions' (partition /moveId, id `{moveId}_{uuid}`). */
export interface FaqDoc extends OrderedItemDoc {
  moveId: string;
  type: 'faq';
  question: string;
  answer: string;
  published: boolean;
  /** The texts in the move's other languages (issue 39); absent on items stored before. */
  translations?: ItemTranslations<'question' | 'answer'>;
}

export const faqStore = orderedItems<FaqDoc, 'moveId'>({
  container: () => container('faqQuestions'),
  partitionField: 'moveId',
  type: 'faq',
  what: 'questions',
  history: { container: 'faqQuestions', kind: 'faq', title: (doc) => doc.question },
});

export const faqRoutes = moveItemRoutes<FaqDoc>({
  routes: api.faq,
  store: faqStore,
  idParam: 'faqQuestionId',
  positionField: 'faqQuestionId',
  what: 'question',
  created: ({ question, answer, published }) => ({ question, answer, published }),
  changed: ({ question, answer, published }) => ({ question, answer, published }),
});
