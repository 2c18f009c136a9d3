import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';

export const APP_NAME = 'Movers portal';

/** The screen's main heading: the first h1 inside <main>. */
const mainHeading = () => document.querySelector<HTMLElement>('main h1');

/**
 * One place for what screen-reader and keyboard users need on every screen change: the browser tab is
 * named after the screen's h1 ('clients - Movers portal'), and after a navigation (not the first load)
 * keyboard focus moves to that h1. A screen's heading may come with its data, after the route has
 * changed, so the DOM is watched until it appears; focus moves only if nobody has moved it meanwhile.
 */
export function ScreenFocus() {
  const { pathname } = useLocation();
  const firstLoad = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once for each screen change, which is what pathname names
  useEffect(() => {
    const moveFocus = !firstLoad.current;
    firstLoad.current = false;
    const focusAtNavigation = document.activeElement;
    let focused = false;
    let frame = 0;
    const update = () => {
      frame = 0;
      const heading = mainHeading();
      if (!heading) return;
      const text = heading.textContent?.trim() ?? '';
      const title = text && text !== APP_NAME ? `${text} - ${APP_NAME}` : APP_NAME;
      if (document.title !== title) document.title = title;
      if (moveFocus && !focused) {
        focused = true;
        const untouched = document.activeElement === focusAtNavigation || document.activeElement === document.body || !document.activeElement;
        if (!untouched) return;
        if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
        heading.focus();
      }
    };
    update();
    const observer = new MutationObserver(() => {
      frame ||= requestAnimationFrame(update);
    });
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    return () => {
      observer.disconnect();
      if (frame) cancelAnimationFrame(frame);
    };
  }, [pathname]);
  return null;
}
