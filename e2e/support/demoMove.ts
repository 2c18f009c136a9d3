import { CLIENT_A_ID } from '@movers/local/src/directory.ts';

/** The seeded demo move (client A's Aurora HQ Bjørvika location), which the move screens' tests use. */
export const DEMO_LOCATION = 'l0000000-0000-4000-8000-000000000101';
export const DEMO_MOVE = `${CLIENT_A_ID}_${DEMO_LOCATION}`;
/** The address of one of the demo move's admin screens, e.g. 'pages'. */
export const demoMoveScreen = (screen: string) => `/admin/clients/${CLIENT_A_ID}/${DEMO_LOCATION}/${DEMO_MOVE}/${screen}`;
