// What other features may use of the waves (issue 48): the list and the day's waves, the assignment of
// people, and the words of both languages. The screen itself is composed by the app (AdminApp).
export { assignWave, useWaveDay, useWaves, wavesChanged } from './api.ts';
export { waveTexts, type WavesLanguage, type WaveText } from './text.ts';
export { dayText, localTimeText, windowText } from './waveTimesText.ts';
