export { moveTimeZone, type WaveRouteDeps, waveRoutes } from './routes.ts';
export { waveRestoreHooks } from './restoreHooks.ts';
export { waveIdsOf, waveNamesOf, waveOfMove } from './reads.ts';
export { waveStore } from './waves.data.ts';
