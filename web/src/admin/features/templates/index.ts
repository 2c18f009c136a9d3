// What other features may use of templates: a title (of a template or a page).
export { titleOf } from './title.ts';
