export { timelineRoutes, type TimelineOwner } from './routes.ts';
export { listSections, ownerIdOf } from './timeline.data.ts';
