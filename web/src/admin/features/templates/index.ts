// What other features may use of templates: the list (the move pages' add-page dropdowns) and a title (of a template or a page).
export { useTemplates } from './api.ts';
export { titleOf } from './title.ts';
