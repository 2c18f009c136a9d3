export { visitorGate } from './gate.ts';
export { visitRoutes } from './routes.ts';
export { visitedMove } from './gate.ts';
