import { type SeatLettersQueued, type SeatLettersState, seatLettersSendSchema } from '../../seatLetters.ts';
import { defineRoute, jsonReply } from '../contract.ts';
import { idShapes } from '../ids.ts';
import { seatLettersQueuedSchema, seatLettersStateSchema } from '../answers/planner.ts';

// Seat letters belong to the planner's People step: its users (staff and the client's own) send them.
export const seatLetterRoutes = {
  get: defineRoute({
    name: 'seat-letters-get',
    method: 'GET',
    path: 'v1/moves/{moveId}/seat-letters',
    access: 'signedIn',
    summary: "Each person's seat letter: sent, waiting, failed or none, whether their seat changed since, and why letters cannot be sent",
    params: { moveId: idShapes.move },
    response: jsonReply<SeatLettersState>('the people and their letters', seatLettersStateSchema),
  }),
  send: defineRoute({
    name: 'seat-letters-send',
    method: 'POST',
    path: 'v1/moves/{moveId}/seat-letters',
    access: 'signedIn',
    summary:
      "Queue seat letters (one message per person on the 'seat-letters' queue; a queue function mails each through Graph): to everyone not yet mailed for their seat, to those whose seat or wave changed, or again to the failed; `waveId`: of one wave only",
    params: { moveId: idShapes.move },
    body: seatLettersSendSchema,
    response: jsonReply<SeatLettersQueued>('how many were queued and why the others were not', seatLettersQueuedSchema),
  }),
};
