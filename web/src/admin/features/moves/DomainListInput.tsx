import { DefaultButton, IconButton, Stack, Text, TextField } from '@fluentui/react';
import { isDomain, moveMessages } from '@movers/contracts';
import { useState } from 'react';
import { useFieldState } from '../../../common/forms/useFieldState.ts';

/**
 * The whitelisted domains as a list of entries: each added with Enter or the button and checked with the
 * schema's own domain rule as it is added (a typo is caught there, not on save), each removable. `required`
 * follows the scheme: every scheme but password only needs at least one.
 */
export function DomainListInput({
  name,
  entryName,
  label,
  required,
  description,
}: {
  name: string;
  /** The form value holding what is typed and not yet added: the form refuses to save while it holds any. */
  entryName: string;
  label: string;
  required: boolean;
  description: string;
}) {
  const field = useFieldState<string[]>(name);
  const entryField = useFieldState<string>(entryName);
  const domains = field.value ?? [];
  const entry = entryField.value ?? '';
  const setEntry = (value: string) => entryField.set(value);
  const [entryError, setEntryError] = useState<string>();

  /** Adds what is typed; says why not when it is not a domain. Returns whether the box is now empty. */
  function add(): boolean {
    const domain = entry.trim().toLowerCase();
    if (!domain) return true;
    if (!isDomain(domain)) {
      setEntryError(moveMessages.domain);
      return false;
    }
    if (!domains.includes(domain)) field.set([...domains, domain]);
    field.touch(false);
    setEntry('');
    setEntryError(undefined);
    return true;
  }

  return (
    <Stack tokens={{ childrenGap: 4 }}>
      <TextField
        label={label}
        required={required}
        description={description}
        value={entry}
        autoComplete="off"
        errorMessage={entryError ?? field.error}
        onChange={(_, value) => {
          setEntry(value ?? '');
          setEntryError(undefined);
        }}
        onKeyDown={(event) => {
          // Enter adds the entry; it must not submit the whole form.
          if (event.key === 'Enter') {
            event.preventDefault();
            add();
          }
        }}
        // A domain typed and left without Enter is added too, so that save does not drop it.
        onBlur={() => {
          if (entry.trim()) add();
          else field.touch();
        }}
      />
      <DefaultButton text="add domain" onClick={() => add()} styles={{ root: { alignSelf: 'flex-start' } }} />
      {domains.length > 0 && (
        <ul aria-label={label} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {domains.map((domain) => (
            <li key={domain} style={{ display: 'flex', alignItems: 'center', gap: 4 }}>
              <Text>{domain}</Text>
              <IconButton
                iconProps={{ iconName: 'Cancel' }}
                ariaLabel={`remove ${domain}`}
                title={`remove ${domain}`}
                onClick={() => field.set(domains.filter((d) => d !== domain))}
              />
            </li>
          ))}
        </ul>
      )}
    </Stack>
  );
}
