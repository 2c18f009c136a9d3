import { DefaultButton } from '@fluentui/react';
import { useRef } from 'react';
import { visuallyHidden } from '../../../common/list/OrderedTable.tsx';

/**
 * A button that opens the file chooser; the button's name starts with its text. The input is one control
 * with the button, so it is out of the tab order and of the accessibility tree: a screen reader met two
 * controls of the same name (issue 45). Its `aria-label` stays for the tests that hand it a file.
 */
export function FileButton({
  label,
  text,
  accept,
  onFile,
  disabled,
}: {
  label: string;
  text: string;
  accept: string;
  onFile: (file: File) => void;
  disabled?: boolean;
}) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <input
        ref={input}
        type="file"
        accept={accept}
        aria-label={label}
        aria-hidden
        tabIndex={-1}
        style={visuallyHidden}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) onFile(file);
        }}
      />
      <DefaultButton
        text={text}
        ariaLabel={label === text ? undefined : label.startsWith(text) ? label : `${text}: ${label}`}
        disabled={disabled}
        onClick={() => input.current?.click()}
      />
    </>
  );
}
