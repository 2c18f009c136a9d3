import { Dropdown, type IDropdownOption } from '@fluentui/react';
import { type LabelColor, labelColors } from '@movers/contracts';
import { labelSwatch, usePlannerText } from './text.ts';

/** A swatch with the colour's name beside it: the colour is never the only sign. */
export function Swatch({ color }: { color: LabelColor }) {
  return (
    <span
      aria-hidden="true"
      style={{
        display: 'inline-block',
        width: 14,
        height: 14,
        marginRight: 8,
        verticalAlign: 'middle',
        border: '1px solid #605e5c',
        background: labelSwatch[color],
      }}
    />
  );
}

/** The ten label colours as swatches with their names, or none. */
export function LabelColorPicker({
  label,
  value,
  onChange,
  disabled,
}: {
  label: string;
  value: LabelColor | null;
  onChange: (color: LabelColor | null) => void;
  disabled?: boolean;
}) {
  const t = usePlannerText();
  const options: IDropdownOption[] = [{ key: '', text: t.noColor }, ...labelColors.map((c) => ({ key: c, text: t.colors[c] }))];
  const render = (option?: IDropdownOption) =>
    option ? (
      <span>
        {option.key ? <Swatch color={option.key as LabelColor} /> : null}
        {option.text}
      </span>
    ) : null;
  return (
    <Dropdown
      ariaLabel={label}
      options={options}
      selectedKey={value ?? ''}
      disabled={disabled}
      onRenderOption={render}
      onRenderTitle={(selected) => render(selected?.[0])}
      onChange={(_, option) => onChange(option?.key ? (option.key as LabelColor) : null)}
      styles={{ root: { minWidth: 140 } }}
    />
  );
}
