export { colorRoutes, moveImageRoutes, moveRoutes, type MovePlannerParts } from './routes.ts';
export { cleanImagePreviews } from './images.data.ts';
export { moveTimelineOwner } from './timelineOwner.ts';
export { moveAccess, readableMove } from './routes.ts';
export { findMoveByPath, getColorsDoc, getMoveDoc, type MoveDoc } from './moves.data.ts';
export { imageVersions, mailLogo, readImage } from './images.data.ts';
export { verifyPassword } from './password.ts';
export { moveRestoreHooks } from './history.ts';
