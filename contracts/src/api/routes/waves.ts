import {
  type Wave,
  type WaveAssignment,
  type WaveDay,
  type WaveList,
  WAVE_ASSIGN_BODY_BYTES,
  waveAssignSchema,
  waveDayQuery,
  waveIdShape,
  waveMessages,
  wavePositionSchema,
  waveSchema,
} from '../../wave.ts';
import { defineRoute, jsonReply } from '../contract.ts';
import { idShapes } from '../ids.ts';
import { waveAssignmentSchema, waveDaySchema, waveDeletedSchema, waveListSchema, waveSchema as waveAnswer } from '../answers/waves.ts';

const moveParams = { moveId: idShapes.move };
const waveParams = { waveId: waveIdShape };

/** A move's waves (issue 48): 'any signed-in' of the move's client, as the planner is. */
export const waveRoutes = {
  list: defineRoute({
    name: 'waves-list',
    method: 'GET',
    path: 'v1/moves/{moveId}/waves',
    access: 'signedIn',
    summary:
      "A move's waves by position, each with its load (people, crates) and where it passes its capacity, and the people in no wave; the ETag is the order's, for a reorder",
    params: moveParams,
    response: jsonReply<WaveList>('the waves', waveListSchema),
  }),
  create: defineRoute({
    name: 'waves-create',
    method: 'POST',
    path: 'v1/moves/{moveId}/waves',
    access: 'signedIn',
    errors: { 409: waveMessages.nameTaken },
    summary: `Add a wave (it goes last); at most 100 a move, else 400 '${waveMessages.tooMany}'`,
    params: moveParams,
    body: waveSchema,
    status: 201,
    response: jsonReply<Wave>('the new wave, with its ETag', waveAnswer),
  }),
  position: defineRoute({
    name: 'waves-position',
    method: 'PATCH',
    path: 'v1/moves/{moveId}/waves/position',
    access: 'signedIn',
    summary: 'Move a wave to a 0-based position; the others close up (If-Match: the list ETag)',
    params: moveParams,
    body: wavePositionSchema,
    response: jsonReply<WaveList>('the waves in their new order', waveListSchema),
  }),
  update: defineRoute({
    name: 'waves-update',
    method: 'PUT',
    path: 'v1/waves/{waveId}',
    access: 'signedIn',
    errors: { 409: waveMessages.nameTaken },
    summary: 'Change a wave (If-Match); a changed time is a correction for its people who have had their seat letter',
    params: waveParams,
    body: waveSchema,
    response: jsonReply<Wave>('the wave, with its new ETag', waveAnswer),
  }),
  delete: defineRoute({
    name: 'waves-delete',
    method: 'DELETE',
    path: 'v1/waves/{waveId}',
    access: 'signedIn',
    summary: 'Delete a wave (If-Match); its people are left without a wave',
    params: waveParams,
    response: jsonReply<{ unassigned: number }>('how many people were left without a wave', waveDeletedSchema),
  }),
  assign: defineRoute({
    name: 'waves-assign',
    method: 'POST',
    path: 'v1/moves/{moveId}/people/wave',
    access: 'signedIn',
    conditional: true,
    maxBodyBytes: WAVE_ASSIGN_BODY_BYTES,
    summary:
      'Put people in a wave, or (waveId null) in none, in one action with a history entry each; over capacity is allowed and shown in the answer (If-Match: the people list ETag)',
    params: moveParams,
    body: waveAssignSchema,
    response: jsonReply<WaveAssignment>('how many changed, and the wave with its load', waveAssignmentSchema),
  }),
  today: defineRoute({
    name: 'waves-today',
    method: 'GET',
    path: 'v1/moves/{moveId}/waves/today',
    access: 'signedIn',
    summary:
      "The waves of a day (the move's today in its time zone unless `day` says), each with its people, crates, and who is late: not packed by packBy, not arrived by the arrival's end",
    params: moveParams,
    query: waveDayQuery,
    response: jsonReply<WaveDay>('the waves of the day', waveDaySchema),
  }),
};
