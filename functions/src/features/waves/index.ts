export { waveStore } from './waves.data.ts';
