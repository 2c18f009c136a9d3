import { getFocusStyle, getTheme, mergeStyles } from '@fluentui/react';
import type { ButtonHTMLAttributes } from 'react';

let className: string | undefined;

/** Fluent's PrimaryButton look, drawn from the theme. */
function primaryClass(): string {
  if (className) return className;
  const { palette, fonts, effects, semanticColors } = getTheme();
  className = mergeStyles(getFocusStyle(getTheme(), { inset: 1, highContrastStyle: { outlineColor: 'ButtonText' } }), {
    ...fonts.medium,
    fontWeight: 600,
    boxSizing: 'border-box',
    minWidth: 80,
    height: 32,
    padding: '0 16px',
    borderRadius: effects.roundedCorner2,
    border: `1px solid ${palette.themePrimary}`,
    backgroundColor: semanticColors.primaryButtonBackground,
    color: semanticColors.primaryButtonText,
    cursor: 'pointer',
    selectors: {
      ':hover': { backgroundColor: semanticColors.primaryButtonBackgroundHovered, borderColor: palette.themeDarkAlt },
      ':active': { backgroundColor: semanticColors.primaryButtonBackgroundPressed, borderColor: palette.themeDark },
      ':disabled': {
        cursor: 'default',
        backgroundColor: semanticColors.primaryButtonBackgroundDisabled,
        borderColor: semanticColors.primaryButtonBackgroundDisabled,
        color: semanticColors.primaryButtonTextDisabled,
      },
      '@media (forced-colors: active)': { forcedColorAdjust: 'none', backgroundColor: 'Highlight', color: 'HighlightText', borderColor: 'Highlight' },
    },
  });
  return className;
}

/**
 * A primary button as a plain `<button>`: Fluent's own buttons bring its menu, callout and focus-zone
 * code (about 40 KB gzipped), which the sign-in page must not load.
 */
export function PlainPrimaryButton({ text, ...props }: ButtonHTMLAttributes<HTMLButtonElement> & { text: string }) {
  return (
    <button type="button" {...props} className={primaryClass()}>
      {text}
    </button>
  );
}
