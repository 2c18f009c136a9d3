// What other features may use of the timeline: the timeline component, for any owner.
export { Timeline } from './Timeline.tsx';
export { mayEditTimeline } from './mayEdit.ts';
