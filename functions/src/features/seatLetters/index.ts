export { seatLetterRoutes } from './routes.ts';
export { SEAT_LETTER_QUEUE } from './queue.ts';
export { sendSeatLetter } from './sendLetter.ts';
