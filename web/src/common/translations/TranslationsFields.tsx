import { ActionButton, Spinner, SpinnerSize, Stack } from '@fluentui/react';
import { type ContentLocale, contentLocales } from '@movers/contracts';
import { useFormikContext } from 'formik';
import { Suspense, useEffect, useState } from 'react';
import { TextInput } from '../forms/fields.tsx';
import { useFieldState } from '../forms/useFieldState.ts';
import { retryableLazy } from '../retryableLazy.tsx';
import type { TemplateValues } from './values.ts';

// The six-translation part of the template form and the move page form (spec part 2, section 2).

// CKEditor is big: it is loaded only when this form shows, in a chunk of its own (and again after a failure, on the screen's 'retry').
const RichTextEditor = retryableLazy(() => import('./RichTextEditor.tsx'));

export const localeNames: Record<ContentLocale, string> = {
  en: 'English',
  no: 'Norwegian (bokmål)',
  nn: 'Norwegian (nynorsk)',
  de: 'German',
  da: 'Danish',
  se: 'Swedish',
};

type Values = TemplateValues;

/** The six expandable translations; after a submit with errors the first one with an error opens. */
export function Translations() {
  const { submitCount, errors } = useFormikContext<Values>();
  const [open, setOpen] = useState<boolean[]>(() => contentLocales.map((_, i) => i === 0));
  const failing = Array.isArray(errors.translations) ? errors.translations.findIndex(Boolean) : -1;

  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new submission opens a section.
  useEffect(() => {
    if (submitCount === 0 || failing < 0) return;
    setOpen((all) => all.map((o, i) => o || i === failing));
    // Once open, its title is where the user goes next.
    window.setTimeout(() => document.querySelector<HTMLInputElement>(`input[name="translations[${failing}].title"]`)?.focus(), 0);
  }, [submitCount]);

  return (
    <>
      {contentLocales.map((locale, index) => (
        <TranslationSection
          key={locale}
          index={index}
          locale={locale}
          open={open[index] ?? false}
          hasError={Array.isArray(errors.translations) && Boolean(errors.translations[index]) && submitCount > 0}
          onToggle={() => setOpen((all) => all.map((o, i) => (i === index ? !o : o)))}
        />
      ))}
    </>
  );
}

function TranslationSection({
  index,
  locale,
  open,
  hasError,
  onToggle,
}: {
  index: number;
  locale: ContentLocale;
  open: boolean;
  hasError: boolean;
  onToggle: () => void;
}) {
  const content = useFieldState<string>(`translations[${index}].content`);
  const titleField = useFieldState<string>(`translations[${index}].title`);
  const regionId = `translation-${locale}`;
  const name = localeNames[locale];
  return (
    <section aria-label={`${name} translation`} style={{ border: '1px solid #c8c6c4', borderRadius: 2 }}>
      <h2 style={{ margin: 0, fontSize: 16 }}>
        <ActionButton
          aria-expanded={open}
          aria-controls={regionId}
          iconProps={{ iconName: open ? 'ChevronDown' : 'ChevronRight' }}
          onClick={onToggle}
          styles={{ root: { width: '100%', height: 44 }, label: { fontWeight: 600 } }}
        >
          {`${name} (${locale})`}
          {titleField.value ? ` – ${titleField.value}` : ''}
          {hasError ? ' – has errors' : ''}
        </ActionButton>
      </h2>
      <div id={regionId} hidden={!open} style={{ padding: '0 12px 12px' }}>
        <Stack tokens={{ childrenGap: 8 }}>
          <TextInput name={`translations[${index}].title`} label={`title (${locale})`} required />
          <Suspense fallback={<Spinner size={SpinnerSize.medium} label="Loading the editor…" />}>
            <RichTextEditor
              label={`content (${locale})`}
              value={content.value ?? ''}
              onChange={(html) => html !== content.value && content.set(html)}
              onBlur={() => content.touch()}
            />
          </Suspense>
        </Stack>
      </div>
    </section>
  );
}
