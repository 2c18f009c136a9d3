export { changedPeople, seatLetterRoutes } from './routes.ts';
export { SEAT_LETTER_QUEUE } from './queue.ts';
export { sendSeatLetter } from './sendLetter.ts';
export { newPersonToken, personTokenStands, redeemPersonToken } from './personTokens.ts';
export { readLetter } from './seatLetters.data.ts';
export { personWaveOf } from './personWaves.ts';
