import type { LabelColor } from '@movers/contracts';
import { createContext, useContext } from 'react';
import { en, type PlannerText } from './strings/en.ts';
import { no } from './strings/no.ts';

export type { PlannerText };

/**
 * The planner speaks English and Norwegian (spec part 2: the planner's en and no). English is the spec's
 * words; each language's words are in `strings/`.
 */
export type PlannerLanguage = 'en' | 'no';

export const plannerTexts: Record<PlannerLanguage, PlannerText> = { en, no };

/** The CSS colour of each label colour (the swatch and the sticker's band). */
export const labelSwatch: Record<LabelColor, string> = {
  blue: '#1f6fd1',
  red: '#d13438',
  yellow: '#fce100',
  green: '#107c10',
  purple: '#8764b8',
  pink: '#e3008c',
  orange: '#ff8c00',
  peach: '#ffb996',
  grey: '#8a8886',
  white: '#ffffff',
};

export const PlannerTextContext = createContext<PlannerText>(en);
export const usePlannerText = () => useContext(PlannerTextContext);
