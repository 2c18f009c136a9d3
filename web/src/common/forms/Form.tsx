import { Formik, useFormikContext, type FormikConfig, type FormikHelpers, type FormikValues } from 'formik';
import { createContext, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import { useBlocker } from 'react-router-dom';
import { ConfirmDialog } from '../ConfirmDialog.tsx';

const FormStateContext = createContext({ saving: false, submit: () => {} });
/** The form's schema, for its fields to read their limits from (Formik's own context does not carry it). */
const FormSchemaContext = createContext<unknown>(undefined);
export const useFormSchema = () => useContext(FormSchemaContext);

/**
 * The enclosing form's state: `saving` is true from a submit until its save settles (the buttons show
 * it); `submit` submits as the submit button does (for a dialog that confirms something first).
 */
export const useFormState = () => useContext(FormStateContext);

export const UNSAVED_TITLE = 'leave without saving?';
export const UNSAVED_TEXT = 'The changes on this form are not saved. Leave the form and lose them?';

type FormProps<V extends FormikValues> = Pick<FormikConfig<V>, 'initialValues' | 'validationSchema' | 'validate' | 'enableReinitialize'> & {
  /** The save; on success it navigates away itself (without being asked about unsaved changes). */
  onSubmit: (values: V, helpers: FormikHelpers<V>) => Promise<void>;
  /** The form's accessible name. */
  label: string;
  children: ReactNode;
};

/**
 * Every form of the portal: Formik with the house rules built in, so a screen lists only its fields.
 * - One save per submission: a second click or Enter while a save runs is refused at once (a ref, not
 *   state, so even clicks within the same frame count), and the buttons show that it is saving.
 * - A refused submit puts the keyboard on the first field with an error.
 * - Leaving a changed form by a link, the menu, Back or 'cancel' asks first (react-router's blocker);
 *   closing or reloading the tab asks the browser's own question.
 */
export function Form<V extends FormikValues>({ onSubmit, label, children, ...config }: FormProps<V>) {
  return (
    <Formik<V> {...config} onSubmit={onSubmit}>
      <FormSchemaContext.Provider value={config.validationSchema}>
        <FormElement label={label}>{children}</FormElement>
      </FormSchemaContext.Provider>
    </Formik>
  );
}

function FormElement({ label, children }: { label: string; children: ReactNode }) {
  const formik = useFormikContext();
  const savingRef = useRef(false);
  const formRef = useRef<HTMLFormElement>(null);
  const [saving, setSaving] = useState(false);
  const dirtyRef = useRef(formik.dirty);
  dirtyRef.current = formik.dirty;
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirtyRef.current && !savingRef.current && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (!formik.dirty) return;
    const ask = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [formik.dirty]);

  const submit = () => {
    if (savingRef.current) return;
    savingRef.current = true;
    setSaving(true);
    // submitForm settles after validation, and after the save when the values were valid.
    void formik.submitForm().finally(() => {
      savingRef.current = false;
      setSaving(false);
      // Refused (its own rules or the server's field errors): the keyboard goes to the first field that
      // says what is wrong, once the errors are drawn.
      requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
    });
  };

  return (
    <form
      ref={formRef}
      noValidate
      aria-label={label}
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <FormStateContext.Provider value={{ saving, submit }}>{children}</FormStateContext.Provider>
      <ConfirmDialog
        open={blocker.state === 'blocked'}
        title={UNSAVED_TITLE}
        text={UNSAVED_TEXT}
        confirmText="leave"
        onConfirm={() => blocker.proceed?.()}
        onCancel={() => blocker.reset?.()}
      />
    </form>
  );
}
