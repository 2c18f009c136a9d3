export { userRoutes } from './routes.ts';
export { clientIdOf } from './profiles.data.ts';
