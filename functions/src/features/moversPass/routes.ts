import { api, defaultPassLastDay, type MoversPassState, moversPassMessages, passEndOf } from '@movers/contracts';
import { badRequest, notFound } from '../../platform/http/errors.ts';
import { noContent, withEtag } from '../../platform/http/responses.ts';
import { type BoundRoute, bind } from '../../platform/http/route.ts';
import { timeZoneOfCountry } from '../../platform/time/localTime.ts';
import { getLocationDoc } from '../locations/index.ts';
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
    // The end of the last day on the move's clock (issue 55): its location's country's time zone.
    const location = await getLocationDoc(move.clientId, move.locationId).catch(() => undefined);
    const end = passEndOf(lastDay, timeZoneOfCountry(location?.country.id));
    // Today on UTC's calendar may be over already on the move's clock (a move east of UTC).
    if (Date.parse(end) <= Date.now()) throw badRequest('validation failed', { lastDay: moversPassMessages.lastDayPast });
    const current = await getMoversPass(move);
    const pass = await replaceMoversPass(move, end, principal.userId, current ? { etag } : undefined);
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
