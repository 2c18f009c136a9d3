import type { BoundRoute } from './platform/http/route.ts';
import { clientRoutes } from './features/clients/index.ts';
import { countryRoutes } from './features/countries/index.ts';
import { locationRoutes, locationsOfClient } from './features/locations/index.ts';
import { leaseRoutes, reminderRestoreHooks } from './features/leases/index.ts';
import { clientIdOf, userRoutes } from './features/users/index.ts';
import { brokeringRoutes, brokeringsOfClient, brokeringTimelineOwner } from './features/brokerings/index.ts';
import { timelineRoutes } from './features/timeline/index.ts';
import { systemRoutes } from './features/system/index.ts';
import { editorUploadRoutes } from './features/editorUploads/index.ts';
import { movePageRoutes, pageRestoreHooks } from './features/movePages/index.ts';
import { moveDocumentRoutes } from './features/moveDocuments/index.ts';
import { moveContentRestoreHooks, moveContentRoutes } from './features/moveContent/index.ts';
import { feedbackRoutes } from './features/feedback/index.ts';
import { markerRestoreHooks, personRestoreHooks, plannerRoutes, unassignedNames } from './features/planner/index.ts';
import { colorRoutes, moveImageRoutes, moveRestoreHooks, moveRoutes, moveTimelineOwner } from './features/moves/index.ts';
import { moversPassRoutes } from './features/moversPass/index.ts';
import { seatLetterRoutes } from './features/seatLetters/index.ts';
import { templateRoutes } from './features/templates/index.ts';
import { visitorGate, visitRoutes } from './features/visit/index.ts';
import { arrivalTimes, moveDayRoutes } from './features/moveDay/index.ts';
import { historyRoutes } from './features/history/index.ts';
import { waveIdsOf, waveRestoreHooks, waveRoutes } from './features/waves/index.ts';

/**
 * The route table: each contract of `contracts/src/api` bound to its handler. Azure registration, the dev host and the tests read it.
 *
 * Features depend one way, each layer reading only those below it: countries, templates, timeline, system and editor
 * uploads; clients; users and locations; brokerings, leases and moves; the move's pages, documents, content, feedback,
 * planner and movers' pass; the waves; the visitor site; move day. Where a lower feature's route shows something of a higher one (a client's
 * locations and brokering projects, a move's unassigned planner people, a timeline's owners), it is passed in here, so
 * no feature imports one that imports it back (`biome ci` fails any import cycle).
 */
export const routes: BoundRoute[] = [
  ...systemRoutes,
  ...countryRoutes,
  ...clientRoutes({ locationsOfClient, brokeringsOfClient }),
  ...userRoutes,
  ...locationRoutes,
  ...leaseRoutes,
  ...brokeringRoutes,
  ...moveRoutes({ unassignedNames }),
  ...colorRoutes,
  ...moversPassRoutes,
  ...moveImageRoutes,
  ...editorUploadRoutes,
  ...movePageRoutes,
  ...moveDocumentRoutes,
  ...moveContentRoutes,
  ...feedbackRoutes,
  ...plannerRoutes,
  ...waveRoutes({ arrivalsOf: arrivalTimes }),
  ...seatLetterRoutes,
  ...templateRoutes,
  ...timelineRoutes([brokeringTimelineOwner, { ...moveTimelineOwner, waveIdsOf }]),
  ...visitRoutes,
  ...moveDayRoutes,
  ...historyRoutes({
    person: personRestoreHooks,
    wave: waveRestoreHooks,
    marker: markerRestoreHooks,
    page: pageRestoreHooks,
    ...moveContentRestoreHooks,
    move: moveRestoreHooks,
    reminder: reminderRestoreHooks,
  }),
];

export const pipelineDeps = { loadClientId: clientIdOf, visitorGate };
