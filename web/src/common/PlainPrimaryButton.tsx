import type { ButtonHTMLAttributes } from 'react';

/**
 * A primary button as a plain `<button>` in Fluent's primary look (common/plain.css): Fluent's own
 * buttons bring its menu, callout and focus-zone code, which the sign-in page must not load.
 */
export function PlainPrimaryButton({ text, ...props }: ButtonHTMLAttributes<HTMLButtonElement> & { text: string }) {
  return (
    <button type="button" {...props} className="plain-primary">
      {text}
    </button>
  );
}
