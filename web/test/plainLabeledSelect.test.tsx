import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { PlainLabeledSelect } from '../src/common/PlainControls.tsx';

describe("the board's labelled choice", () => {
  it('shows its label tied to the select, and the choice given as chosen', () => {
    const html = renderToStaticMarkup(
      <PlainLabeledSelect
        label="seat state"
        value="arrived"
        options={[
          { key: 'all', text: 'all' },
          { key: 'arrived', text: 'arrived' },
        ]}
        onChange={() => undefined}
      />,
    );
    const labelFor = html.match(/<label for="([^"]+)"[^>]*>seat state<\/label>/)?.[1];
    expect(labelFor).toBeTruthy();
    expect(html).toContain(`<select id="${labelFor}"`);
    expect(html).toMatch(/<option value="arrived" selected="">arrived<\/option>/);
  });
});
