import type { BoundRoute } from '../../platform/http/route.ts';
import { contactRoutes, contactStore } from './contacts.ts';
import { detailRoutes, detailStore } from './details.ts';
import { faqRoutes, faqStore } from './faq.ts';

/** A move's FAQ, contacts and details: three ordered lists with one set of rules (`moveItemRoutes.ts`). */
export const moveContentRoutes: BoundRoute[] = [...faqRoutes, ...contactRoutes, ...detailRoutes];

/** What a restore adds for each list (routes.ts passes them to history): an item brought back returns to its place. */
export const moveContentRestoreHooks = { faq: faqStore.restoreHooks, contact: contactStore.restoreHooks, detail: detailStore.restoreHooks };

/** The stores, for what other features show of these lists (the visitor site). */
export { contactStore } from './contacts.ts';
export { detailStore } from './details.ts';
export { faqStore } from './faq.ts';
