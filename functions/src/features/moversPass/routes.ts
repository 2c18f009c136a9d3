import { api, defaultPassLastDay, type MoversPassState, passEndOf } from '@movers/contracts';
import { notFound } from '../../platform/http/errors.ts';
import { noContent, withEtag } from '../../platform/http/responses.ts';
import { type BoundRoute, bind } from '../../platform/http/route.ts';
import { readableMove } from '../moves/index.ts';
import { listSections, ownerIdOf } from '../timeline/index.ts';
import { deleteMoversPass, getMoversPass, replaceMoversPass, toPass } from './moversPass.data.ts';

const defaultLastDay = async (moveId: string) => defaultPassLastDay(await listSections(ownerIdOf('move', moveId)), new Date());

export const moversPassRoutes: BoundRoute[] = [
  bind(api.moversPass.get, async ({ principal, params }) => {
    const move = await readableMove(principal, params.moveId);
    const pass = await getMoversPass(move);
    const state: MoversPassState = { pass: pass ? toPass(pass) : null, defaultLastDay: await defaultLastDay(move.id) };
    // Without a pass there is nothing to revoke: the move's ETag stands in.
    return withEtag({ ...state, etag: pass?.etag ?? move.etag });
  }),
  bind(api.moversPass.create, async ({ principal, params, body, ifMatch }) => {
    const move = await readableMove(principal, params.moveId);
    // Asked for once the caller's access to the record is settled: a stranger gets 403/404, not 428.
    const etag = ifMatch();
    const lastDay = body.lastDay ?? (await defaultLastDay(move.id));
    // A pass that exists is replaced only on the ETag its caller saw: two staff making one at once do not
    // both print a link of which one is already void. Without one, the move's ETag GET gave is enough.
    const current = await getMoversPass(move);
    const pass = await replaceMoversPass(move, passEndOf(lastDay), principal.userId, current ? { etag } : undefined);
    const state: MoversPassState = { pass: toPass(pass), defaultLastDay: await defaultLastDay(move.id) };
    return withEtag({ ...state, etag: pass.etag }, 201);
  }),
  bind(api.moversPass.revoke, async ({ principal, params, ifMatch }) => {
    const move = await readableMove(principal, params.moveId);
    if (!(await getMoversPass(move))) throw notFound("the move has no movers' pass");
    await deleteMoversPass(move, ifMatch());
    return noContent();
  }),
];
