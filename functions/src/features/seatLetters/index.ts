export { seatLetterRoutes, SEAT_LETTER_QUEUE } from './routes.ts';
export { sendSeatLetter } from './sendLetter.ts';
