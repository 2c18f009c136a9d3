import { type MoversPassState, moversPassCreateSchema } from '../../moversPass.ts';
import { defineRoute, jsonReply, noReply } from '../contract.ts';
import { idShapes } from '../ids.ts';
import { moversPassStateSchema } from '../answers/planner.ts';

// A movers' pass opens a move's floor plans without the visitor password: staff make and revoke it.
export const moversPassRoutes = {
  get: defineRoute({
    name: 'movers-pass-get',
    method: 'GET',
    path: 'v1/moves/{moveId}/movers-pass',
    access: 'internal',
    summary: "The move's movers' pass (its link's token and last day), if any, and the last day a new one gets by default",
    params: { moveId: idShapes.move },
    response: jsonReply<MoversPassState>("the pass, with its ETag (the move's when there is none)", moversPassStateSchema),
  }),
  create: defineRoute({
    name: 'movers-pass-create',
    method: 'POST',
    path: 'v1/moves/{moveId}/movers-pass',
    access: 'internal',
    summary:
      "Make a new movers' pass until the end of its last day (default: a week after the timeline's last date, else 30 days); the pass before ends with its sessions. If-Match: the ETag GET gave (a pass changed since is 412)",
    params: { moveId: idShapes.move },
    body: moversPassCreateSchema,
    conditional: true,
    status: 201,
    response: jsonReply<MoversPassState>('the new pass, with its ETag', moversPassStateSchema),
  }),
  revoke: defineRoute({
    name: 'movers-pass-revoke',
    method: 'DELETE',
    path: 'v1/moves/{moveId}/movers-pass',
    access: 'internal',
    summary: "Revoke the movers' pass (If-Match: its ETag): its link and every session opened with it end at once",
    params: { moveId: idShapes.move },
    response: noReply('revoked'),
  }),
};
