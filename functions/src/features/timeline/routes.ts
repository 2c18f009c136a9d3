import { api, sortTimeline, type TimelineOwnerKind, type TimelineSection, type timelineOwnerRoutes } from '@movers/contracts';
import type { Principal } from '../../platform/auth/principal.ts';
import { notFound } from '../../platform/http/errors.ts';
import { noContent, ok, withEtag } from '../../platform/http/responses.ts';
import { type BoundRoute, bind } from '../../platform/http/route.ts';
import { createSection, deleteSection, getSection, listSections, ownerIdOf, parseSectionId, updateSection, type SectionDoc } from './timeline.data.ts';

/**
 * What owns a timeline (a brokering project now, a move later). The owner's feature supplies its
 * collection route and its read check; the timeline code is the same for every owner.
 */
export interface TimelineOwner {
  kind: TimelineOwnerKind;
  /** Its collection routes' contracts (`timelineOwnerRoutes(kind, path, idShape)` in contracts). */
  routes: ReturnType<typeof timelineOwnerRoutes>;
  /** Throws 403 when the caller may not read the owner, 404 when it does not exist. */
  assertReadable(principal: Principal, ownerEntityId: string): Promise<void>;
}

const toSection = (doc: SectionDoc & { etag?: string }): TimelineSection => sortTimeline([doc])[0];

/** The timeline routes for the given owners; writes are for internal users (the screens are 'signed-in' to read). */
export function timelineRoutes(owners: TimelineOwner[]): BoundRoute[] {
  const ownerOf = (kind: string) => owners.find((o) => o.kind === kind);

  /** The section and its owner, after the owner's read check. */
  async function sectionFor(principal: Principal, sectionId: string) {
    const parsed = parseSectionId(sectionId);
    const owner = parsed && ownerOf(parsed.kind);
    if (!parsed || !owner) throw notFound('section not found');
    await owner.assertReadable(principal, parsed.entityId);
    const doc = await getSection(sectionId);
    if (!doc) throw notFound('section not found');
    return doc;
  }

  const perOwner = owners.flatMap((owner): BoundRoute[] => [
    bind(owner.routes.list, async ({ principal, params }) => {
      await owner.assertReadable(principal, params.ownerId);
      const docs = await listSections(ownerIdOf(owner.kind, params.ownerId));
      return ok(sortTimeline(docs));
    }),
    bind(owner.routes.create, async ({ body, principal, params }) => {
      await owner.assertReadable(principal, params.ownerId);
      return withEtag(toSection(await createSection(owner.kind, params.ownerId, body, principal.userId)), 201);
    }),
  ]);

  return [
    ...perOwner,
    bind(api.timelineSections.update, async ({ body, principal, params, ifMatch }) => {
      const current = await sectionFor(principal, params.sectionId);
      return withEtag(toSection(await updateSection(current, body, principal.userId, ifMatch)));
    }),
    bind(api.timelineSections.delete, async ({ principal, params, ifMatch }) => {
      const current = await sectionFor(principal, params.sectionId);
      await deleteSection(current, ifMatch);
      return noContent();
    }),
  ];
}
