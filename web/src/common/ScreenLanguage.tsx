import { Dropdown } from '@fluentui/react';

const choices = [
  { key: 'en', text: 'English' },
  { key: 'no', text: 'Norsk' },
];

/** The language a screen is shown in (the planner, waves, move day: English or Norwegian), each named in its own language. */
export function ScreenLanguage<L extends 'en' | 'no'>({ label, language, onChange }: { label: string; language: L; onChange: (language: L) => void }) {
  return (
    <Dropdown
      label={label}
      selectedKey={language}
      options={choices}
      onChange={(_, option) => option && onChange(option.key as L)}
      styles={{ root: { minWidth: 140 } }}
    />
  );
}
