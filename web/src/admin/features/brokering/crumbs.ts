import type { IBreadcrumbItem } from '@fluentui/react';
import type { MouseEvent } from 'react';
import { useNavigate } from 'react-router-dom';

/** Breadcrumb items that are real links (href) and navigate inside the app; the last one is the current page. */
export function useCrumbs() {
  const navigate = useNavigate();
  return (items: { key: string; text: string; to?: string }[]): IBreadcrumbItem[] =>
    items.map(({ key, text, to }) =>
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
    );
}
