// What other features may use of move day: the wall (data in, nothing fetched), its words and the seats' look,
// for the wall link's page (issue 49), which gives it the link's read-only answer.
export { Wall, type WallFloor, type WallProps, WALL_TURN_MS } from './Wall.tsx';
export { fill, type WallText, wallTexts } from './wallText.ts';
export { clockTime, dayTime } from './moveClock.ts';
export { seatLook, seatMarkStyle, seatSignStyle } from './seatLook.ts';
