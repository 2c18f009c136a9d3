import { type AnyRouteContract, cleanTranslations, translationLanguageErrors } from '@movers/contracts';
import type { Principal } from '../../platform/auth/principal.ts';
import type { OrderedItemDoc, orderedItems } from '../../platform/cosmos/orderedItems.ts';
import { badRequest, notFound, unknownInBody } from '../../platform/http/errors.ts';
import { noContent, ok, type Result, withEtag } from '../../platform/http/responses.ts';
import { type BoundRoute, bind, type Handler } from '../../platform/http/route.ts';
import { readableMove } from '../moves/index.ts';

type Store<D extends OrderedItemDoc & { moveId: string }> = ReturnType<typeof orderedItems<D, 'moveId'>>;
type Fields = Record<string, unknown>;

/**
 * The routes of one of a move's ordered lists (FAQ, contacts, details): list, create, reorder, update,
 * delete and, where the contract has one, read. The same rules for each list:
 * - the move's access first ('any signed-in' of the move's client: 403 for another client, 404 for no move);
 * - the list answers in order with the order's ETag; a reorder needs that ETag (or '*'): a stale one is
 *   412; it answers the whole list in its new order with the new ETag;
 * - a create goes last; an update or delete needs the item's ETag (428 without, 412 when stale).
 */
export function moveItemRoutes<D extends OrderedItemDoc & { moveId: string }>(options: {
  routes: {
    list: AnyRouteContract;
    create: AnyRouteContract;
    position: AnyRouteContract;
    get?: AnyRouteContract;
    update: AnyRouteContract;
    delete: AnyRouteContract;
  };
  store: Store<D>;
  /** The path parameter naming an item (`faqQuestionId`) and the reorder's body field naming it (the spec's). */
  idParam: string;
  positionField: string;
  /** In words, for 404s ('question'). */
  what: string;
  /** The stored fields of a valid create body. */
  created: (body: Fields) => Fields;
  /** The changed fields of a valid update body (undefined: kept). */
  changed: (body: Fields) => Fields;
  /** What an item looks like in answers, when it says more than its stored fields (a detail's fixed type). */
  present?: <T extends object>(item: T) => T;
}): BoundRoute[] {
  const { routes, store, idParam, positionField, what } = options;
  // Every item answers with its translations ({} for one stored before they existed).
  const present = <T extends object>(item: T) => (options.present ?? (<U>(i: U) => i))({ translations: {}, ...item });
  type Ctx = { principal: Principal; params: Record<string, string>; body: Fields; ifMatch: () => string };

  // The contracts are the lists' own; their checked parts reach these handlers in this one shape.
  // The move's access (and the item's) is settled before the body is read: a stranger gets 403/404, never 400.
  type Guard = (ctx: { principal: Principal; params: Record<string, string> }) => Promise<unknown>;
  const on = (contract: AnyRouteContract, handler: (ctx: Ctx) => Promise<Result<unknown>>, authorize?: Guard) =>
    bind(contract, handler as unknown as Handler<AnyRouteContract>, authorize ? { authorize: authorize as never } : {});
  const byMove: Guard = ({ principal, params }) => readableMove(principal, params.moveId!);
  const byItem: Guard = ({ principal, params }) => readableItem(principal, params[idParam]!);

  /**
   * The stored fields of a body: the list's own, plus its translations when sent (without empty texts; a
   * body without `translations` keeps the item's, so a client of the spec's shape loses none). Their
   * languages must be the move's other languages (400 naming the language otherwise).
   */
  function fieldsOf(body: Fields, move: Parameters<typeof translationLanguageErrors>[1], own: Fields): Fields {
    if (body.translations === undefined) return own;
    const errors = translationLanguageErrors(body.translations as never, move);
    if (errors) throw badRequest(`translations: ${Object.values(errors).join('; ')}`, errors);
    return { ...own, translations: cleanTranslations(body.translations as never) };
  }

  async function answerList(moveId: string) {
    const { items, etag } = await store.listTagged(moveId);
    return ok(items.map(present), { ETag: etag });
  }

  /** An item the caller may change: its move's client is checked first (403), then the item (404). */
  async function readableItem(principal: Principal, id: string) {
    const moveId = store.parentOf(id);
    if (!moveId) throw notFound(`${what} not found`);
    const move = await readableMove(principal, moveId);
    const doc = await store.read(id);
    if (!doc) throw notFound(`${what} not found`);
    return { doc, move };
  }

  const bound: BoundRoute[] = [
    on(routes.list, async ({ principal, params }: Ctx) => {
      await readableMove(principal, params.moveId!);
      return answerList(params.moveId!);
    }),
    on(
      routes.create,
      async ({ principal, params, body }: Ctx) => {
        const move = await readableMove(principal, params.moveId!);
        const item = await store.create(params.moveId!, fieldsOf(body, move, options.created(body)) as never, principal.userId);
        return withEtag(present(item), 201);
      },
      byMove,
    ),
    on(
      routes.position,
      async ({ principal, params, body, ifMatch }: Ctx) => {
        const moveId = params.moveId!;
        await readableMove(principal, moveId);
        // The order the caller saw must still be the current one: a reorder of a list changed since is 412.
        if (!(await store.moveTo(moveId, String(body[positionField]), Number(body.newPosition), ifMatch())))
          throw unknownInBody(positionField, `${what} not found`);
        return answerList(moveId);
      },
      byMove,
    ),
    on(
      routes.update,
      async ({ principal, params, body, ifMatch }: Ctx) => {
        const { doc: current, move } = await readableItem(principal, params[idParam]!);
        const saved = await store.update(current, fieldsOf(body, move, options.changed(body)) as never, principal.userId, ifMatch());
        if (!saved) throw notFound(`${what} not found`);
        return withEtag(present(saved));
      },
      byItem,
    ),
    on(routes.delete, async ({ principal, params, ifMatch }: Ctx) => {
      const { doc: current } = await readableItem(principal, params[idParam]!);
      await store.remove(current, ifMatch());
      return noContent();
    }),
  ];
  if (routes.get)
    bound.push(
      on(routes.get, async ({ principal, params }: Ctx) => {
        await readableItem(principal, params[idParam]!);
        const item = await store.get(params[idParam]!);
        if (!item) throw notFound(`${what} not found`);
        return withEtag(present(item));
      }),
    );
  return bound;
}
