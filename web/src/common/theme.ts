import { Customizations, createTheme, loadTheme, mergeStyles } from '@fluentui/react';

/** Dark on light backgrounds, white on the blue top bar: 2 px, contrast of 3:1 or more (WCAG 2.2 focus appearance). */
export const FOCUS_DARK = '#201f1e';
export const FOCUS_LIGHT = '#ffffff';
/** The red of destructive actions (Fluent's error red, 7:1 with white text). */
export const DANGER = '#a4262c';

/**
 * The portal's Fluent theme. Components take their defaults from here, so a look fixed here is fixed
 * on every screen: headings and paragraphs rendered by Text are blocks (Text is inline by default,
 * which ran a section's heading and its 'No items to show' into one line), tables scroll sideways in
 * their own box, and table rows centre their cells, so a row's text and its buttons share one line.
 */
export const appTheme = createTheme({
  components: {
    Text: {
      styles: (props: { as?: string; block?: boolean }) =>
        props.as && /^(h[1-6]|p)$/.test(props.as) && props.block === undefined ? { root: { display: 'block' } } : {},
    },
    // A table wider than the screen (a phone) scrolls inside its own box, not the whole page.
    DetailsList: { styles: { root: { overflowX: 'auto' } } },
    // A cell's own minimum height left its text at the top of a taller, centred cell box.
    DetailsRow: { styles: { fields: { alignItems: 'center', minHeight: 42 }, cell: { minHeight: 0 } } },
  },
});

/**
 * The theme for the whole page, once: loaded globally rather than through <ThemeProvider>, whose
 * style hook registers a deprecated `unload` listener on the window (Lighthouse's best practices count
 * it against every page). Then page-wide rules: the theme's font for text outside Fluent components,
 * and one focus indicator everywhere (Fluent's own is a 1 px frame that is hard to see, on the blue
 * top bar in particular).
 */
let applied = false;
export function applyTheme(): void {
  if (applied) return;
  applied = true;
  loadTheme(appTheme);
  for (const [scope, settings] of Object.entries(appTheme.components ?? {})) Customizations.applyScopedSettings(scope, settings);
  mergeStyles({
    ':global(html, body)': { margin: 0, padding: 0 },
    ':global(body)': { fontFamily: appTheme.fonts.medium.fontFamily, color: appTheme.semanticColors.bodyText },
    ':global(:focus-visible)': { outline: `2px solid ${FOCUS_DARK} !important`, outlineOffset: '2px' },
    ':global(header :focus-visible)': { outlineColor: `${FOCUS_LIGHT} !important` },
    // Table cells clip what lies outside them: the ring goes inside.
    ':global([role="grid"] :focus-visible)': { outlineOffset: '-2px' },
    // A screen's heading gets the focus after a navigation so that a screen reader starts there; it is no
    // control, and a ring around it looked like one (issue 45). Fluent's focus zones focus so too.
    ':global(main h1[tabindex="-1"]:focus)': { outline: 'none !important' },
  });
}
