import { useEffect, useState } from 'react';
import { en, type WaveText } from './strings/en.ts';
import { no } from './strings/no.ts';

export type { WaveText };

/** The waves speak English and Norwegian, as the planner and the move-day board do, and share their choice. */
export type WavesLanguage = 'en' | 'no';
export const waveTexts: Record<WavesLanguage, WaveText> = { en, no };
const LANGUAGE_KEY = 'planner-language';

/** The language chosen in the planner, the board or here (remembered in the browser); the page's `lang` follows it. */
export function useWavesLanguage() {
  const [language, setLanguage] = useState<WavesLanguage>(() => (localStorage.getItem(LANGUAGE_KEY) === 'no' ? 'no' : 'en'));
  useEffect(() => {
    document.documentElement.lang = language === 'no' ? 'nb' : 'en';
    return () => {
      document.documentElement.lang = 'en';
    };
  }, [language]);
  return {
    language,
    t: waveTexts[language],
    choose: (next: WavesLanguage) => {
      localStorage.setItem(LANGUAGE_KEY, next);
      setLanguage(next);
    },
  };
}
