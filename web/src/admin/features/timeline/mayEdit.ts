import { type TimelineOwnerKind, timelineWriters } from '@movers/contracts';

/** Whether the signed-in user may change an owner's timeline: the server's rule (`timelineWriters`), for the screen. */
export const mayEditTimeline = (kind: TimelineOwnerKind, user: { isExternal: boolean } | null | undefined): boolean =>
  Boolean(user) && (timelineWriters[kind] === 'signedIn' || !user?.isExternal);
