export { colorRoutes, moveImageRoutes, moveRoutes } from './routes.ts';
export { cleanImagePreviews } from './images.data.ts';
export { moveTimelineOwner } from './timelineOwner.ts';
export { readableMove } from './routes.ts';
