export { timelineRoutes, type TimelineOwner } from './routes.ts';
