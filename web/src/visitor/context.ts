import type { ContentLocale, VisitMove } from '@movers/contracts';
import { createContext, useContext } from 'react';
import type { Strings } from './i18n.ts';

/** What every page of a move's site reads: the move, the visitor's language and its strings. */
export interface SiteContext {
  path: string;
  move: VisitMove;
  language: ContentLocale;
  tag: string;
  t: Strings;
  /** The session ended (401): show the login page. */
  signedOut(): void;
}

export const Site = createContext<SiteContext | null>(null);
export function useSite(): SiteContext {
  const site = useContext(Site);
  if (!site) throw new Error('useSite outside a site');
  return site;
}
