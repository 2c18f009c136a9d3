import type { BoundRoute } from '../../platform/http/route.ts';
import { contactRoutes } from './contacts.ts';
import { detailRoutes } from './details.ts';
import { faqRoutes } from './faq.ts';

/** A move's FAQ, contacts and details: three ordered lists with one set of rules (`moveItemRoutes.ts`). */
export const moveContentRoutes: BoundRoute[] = [...faqRoutes, ...contactRoutes, ...detailRoutes];

/** The stores, for what other features show of these lists (the visitor site). */
export { contactStore } from './contacts.ts';
export { detailStore } from './details.ts';
export { faqStore } from './faq.ts';
