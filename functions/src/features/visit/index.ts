export { visitorGate } from './gate.ts';
export { visitRoutes } from './routes.ts';
