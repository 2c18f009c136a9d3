import type { Template } from '@movers/contracts';

/** The title a template is known by in the list and the form's heading: its English one. */
export const titleOf = (template: Pick<Template, 'translations'>) =>
  template.translations.find((t) => t.locale === 'en')?.title ?? template.translations[0]?.title ?? '';
