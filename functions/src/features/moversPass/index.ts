export { moversPassRoutes } from './routes.ts';
export { getMoversPass, passOpens, passStands } from './moversPass.data.ts';
