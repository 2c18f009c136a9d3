import { Dropdown } from '@fluentui/react';
import type { Country } from '@movers/contracts';

/** A list's country filter: the key 'all' (no filter) first, then every country. */
export function CountryFilter({
  countries,
  selectedKey,
  onChange,
  allText = 'all',
}: {
  countries: Country[] | undefined;
  selectedKey: string;
  onChange: (countryId: string) => void;
  allText?: string;
}) {
  return (
    <Dropdown
      label="country"
      selectedKey={selectedKey}
      options={[{ key: 'all', text: allText }, ...(countries ?? []).map((c) => ({ key: c.id, text: c.name }))]}
      onChange={(_, o) => onChange(String(o?.key ?? 'all'))}
      styles={{ root: { width: 180 } }}
    />
  );
}
