export { moveTimeZone, type WaveRouteDeps, waveRoutes } from './routes.ts';
export { waveRestoreHooks } from './restoreHooks.ts';
export { packedAtOf } from './packed.ts';
export { waveIdsOf, waveNamesOf, waveOfMove } from './reads.ts';
