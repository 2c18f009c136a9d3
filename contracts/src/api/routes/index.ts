import type { AnyRouteContract } from '../contract.ts';
import { brokeringRoutes } from './brokerings.ts';
import { clientRoutes, countryRoutes } from './clients.ts';
import { leaseRoutes, reminderRoutes } from './leases.ts';
import { locationRoutes } from './locations.ts';
import { colorRoutes, moveImageRoutes, moveRoutes } from './moves.ts';
import { moversPassRoutes } from './moversPass.ts';
import { editorUploadRoutes } from './editorUploads.ts';
import { movePageRoutes } from './movePages.ts';
import { moveDocumentRoutes } from './moveDocuments.ts';
import { faqRoutes, moveContactRoutes, moveDetailRoutes } from './moveContent.ts';
import { feedbackRoutes } from './feedback.ts';
import { plannerRoutes } from './planner.ts';
import { seatLetterRoutes } from './seatLetters.ts';
import { moveDayRoutes, moveDayVisitRoutes } from './moveDay.ts';
import { historyRoutes } from './history.ts';
import { waveRoutes } from './waves.ts';
import { wallLinkRoutes } from './wallLinks.ts';

export { EDITOR_IMAGE_MAX_BYTES, EDITOR_IMAGE_MIN, EDITOR_VIDEO_MAX_BYTES, type EditorUpload } from './editorUploads.ts';

export { MOVE_IMAGE_MAX_BYTES, type MoveImage, moveImageTypes } from './moves.ts';
import { systemRoutes } from './system.ts';
import { templateRoutes } from './templates.ts';
import { brokeringTimelineRoutes, moveTimelineRoutes, timelineSectionRoutes } from './timeline.ts';
import { userRoutes } from './users.ts';
import { visitRoutes } from './visit.ts';

export { timelineOwnerRoutes } from './timeline.ts';
/** For the sign-in path, which needs only `users.me` and should not carry every route's schema. */
export { meRoutes } from './me.ts';

/** Every route of the API, by resource. `api.clients.get` is the contract of `GET /v1/clients/{clientId}`. */
export const api = {
  system: systemRoutes,
  countries: countryRoutes,
  clients: clientRoutes,
  locations: locationRoutes,
  users: userRoutes,
  leases: leaseRoutes,
  reminders: reminderRoutes,
  brokerings: brokeringRoutes,
  brokeringTimeline: brokeringTimelineRoutes,
  moveTimeline: moveTimelineRoutes,
  timelineSections: timelineSectionRoutes,
  moves: moveRoutes,
  colors: colorRoutes,
  moversPass: moversPassRoutes,
  logo: moveImageRoutes.logo,
  loginlogo: moveImageRoutes.loginlogo,
  background: moveImageRoutes.background,
  editorUploads: editorUploadRoutes,
  movePages: movePageRoutes,
  moveDocuments: moveDocumentRoutes,
  faq: faqRoutes,
  moveContacts: moveContactRoutes,
  moveDetails: moveDetailRoutes,
  feedback: feedbackRoutes,
  planner: plannerRoutes,
  seatLetters: seatLetterRoutes,
  templates: templateRoutes,
  visit: visitRoutes,
  moveDayVisit: moveDayVisitRoutes,
  history: historyRoutes,
  moveDay: moveDayRoutes,
  waves: waveRoutes,
  wallLinks: wallLinkRoutes,
};

/** The same routes as one list: what the server must implement, each exactly once. */
export const allRoutes: AnyRouteContract[] = /* @__PURE__ */ Object.values(api).flatMap((group) => Object.values(group) as AnyRouteContract[]);
