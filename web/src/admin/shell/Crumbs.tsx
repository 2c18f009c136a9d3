import { Breadcrumb } from '@fluentui/react';
import type { MouseEvent } from 'react';
import { useNavigate } from 'react-router-dom';

/** The page's breadcrumb: entries with `to` are real links (href) that navigate inside the app; the last one is the current page. */
export function Crumbs({ items }: { items: { key: string; text: string; to?: string }[] }) {
  const navigate = useNavigate();
  return (
    <Breadcrumb
      // Fluent's breadcrumb measures its items once (ResizeGroup) and could keep showing a placeholder
      // ('client') after the real name arrived: new texts make a new breadcrumb.
      key={items.map((item) => item.text).join('\u0000')}
      ariaLabel="breadcrumb"
      // On a narrow screen the first entries may fold into a button, which needs a name of its own.
      overflowAriaLabel="more of the breadcrumb"
      // And the entries wrap: the folding rests on a measurement that now and then is taken before the
      // page has its phone width, and then the breadcrumb stayed whole, 80 px wider than a phone.
      styles={{ list: { flexWrap: 'wrap' }, listItem: { maxWidth: '100%' } }}
      items={items.map(({ key, text, to }) =>
        to
          ? {
              key,
              text,
              href: to,
              onClick: (event?: MouseEvent<HTMLElement>) => {
                event?.preventDefault();
                navigate(to);
              },
            }
          : { key, text, isCurrentItem: true },
      )}
    />
  );
}
