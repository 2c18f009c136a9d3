import { useFormikContext } from 'formik';

/**
 * One field of the enclosing form: its value, its error as the form shows it (only once the field was
 * left or the form submitted, so nobody is told off while typing for the first time), and setters.
 */
export function useFieldState<T>(name: string) {
  const { getFieldMeta, setFieldValue, setFieldTouched, submitCount } = useFormikContext<Record<string, unknown>>();
  const meta = getFieldMeta<T>(name);
  const error = meta.touched || submitCount > 0 ? firstMessage(meta.error) : undefined;
  return {
    value: meta.value,
    error,
    set: (value: T) => void setFieldValue(name, value),
    /** Marks the field as left; `validate` false when the value is about to change anyway. */
    touch: (validate = true) => void setFieldTouched(name, true, validate),
  };
}

/** A list's error may be per item ('teamMembers[0].id'): the field shows the first message. */
function firstMessage(error: unknown): string | undefined {
  if (typeof error === 'string') return error;
  if (error && typeof error === 'object') {
    for (const inner of Object.values(error)) {
      const message = firstMessage(inner);
      if (message) return message;
    }
  }
  return undefined;
}
