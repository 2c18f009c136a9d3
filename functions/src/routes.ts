import type { BoundRoute } from './platform/http/route.ts';
import { clientRoutes } from './features/clients/index.ts';
import { countryRoutes } from './features/countries/index.ts';
import { locationRoutes } from './features/locations/index.ts';
import { leaseRoutes } from './features/leases/index.ts';
import { clientIdOf, userRoutes } from './features/users/index.ts';
import { brokeringRoutes, brokeringTimelineOwner } from './features/brokerings/index.ts';
import { timelineRoutes } from './features/timeline/index.ts';
import { systemRoutes } from './features/system/index.ts';
import { editorUploadRoutes } from './features/editorUploads/index.ts';
import { movePageRoutes } from './features/movePages/index.ts';
import { moveDocumentRoutes } from './features/moveDocuments/index.ts';
import { moveContentRoutes } from './features/moveContent/index.ts';
import { feedbackRoutes } from './features/feedback/index.ts';
import { plannerRoutes } from './features/planner/index.ts';
import { colorRoutes, moveImageRoutes, moveRoutes, moveTimelineOwner } from './features/moves/index.ts';
import { moversPassRoutes } from './features/moversPass/index.ts';
import { templateRoutes } from './features/templates/index.ts';
import { visitorGate, visitRoutes } from './features/visit/index.ts';

/** The route table: each contract of `contracts/src/api` bound to its handler. Azure registration, the dev host and the tests read it. */
export const routes: BoundRoute[] = [
  ...systemRoutes,
  ...countryRoutes,
  ...clientRoutes,
  ...userRoutes,
  ...locationRoutes,
  ...leaseRoutes,
  ...brokeringRoutes,
  ...moveRoutes,
  ...colorRoutes,
  ...moversPassRoutes,
  ...moveImageRoutes,
  ...editorUploadRoutes,
  ...movePageRoutes,
  ...moveDocumentRoutes,
  ...moveContentRoutes,
  ...feedbackRoutes,
  ...plannerRoutes,
  ...templateRoutes,
  ...timelineRoutes([brokeringTimelineOwner, moveTimelineOwner]),
  ...visitRoutes,
];

export const pipelineDeps = { loadClientId: clientIdOf, visitorGate };
