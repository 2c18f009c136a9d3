// What other features may use of moves: the location dashboard's move service card.
export { MoveServiceCard } from './MoveServiceCard.tsx';
export { MoveTimelineCard } from './MoveTimelineCard.tsx';
export { MoveCrumbs } from './MoveCrumbs.tsx';
export { MoversPassCard } from './MoversPassCard.tsx';
export { useMove, useMoveLanguages, useMoveTimeZone } from './api.ts';
export { moveHistoryLabels, moveHistoryValue } from './moveHistoryValues.ts';
