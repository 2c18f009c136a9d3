import {
  sortTimeline,
  timelineSectionPatchSchema,
  timelineSectionSchema,
  type TimelineOwnerKind,
  type TimelineSection,
  type TimelineSectionInput,
} from '@movers/contracts';
import type { Principal } from '../../platform/auth/principal.ts';
import { ifMatch, readValid } from '../../platform/http/body.ts';
import { notFound } from '../../platform/http/errors.ts';
import { noContent, ok, withEtag } from '../../platform/http/responses.ts';
import type { RouteDefinition } from '../../platform/http/route.ts';
import { createSection, deleteSection, getSection, listSections, ownerIdOf, parseSectionId, updateSection, type SectionDoc } from './timeline.data.ts';

/**
 * What owns a timeline (a brokering project now, a move later). The owner's feature supplies its
 * collection route and its read check; the timeline code is the same for every owner.
 */
export interface TimelineOwner {
  kind: TimelineOwnerKind;
  /** e.g. `v1/brokerings/{ownerId}/timeline_sections`. */
  collectionRoute: string;
  /** Throws 403 when the caller may not read the owner, 404 when it does not exist. */
  assertReadable(principal: Principal, ownerEntityId: string): Promise<void>;
}

const toSection = (doc: SectionDoc & { etag?: string }): TimelineSection => sortTimeline([doc])[0];

/** The timeline routes for the given owners; writes are for internal users (the screens are 'signed-in' to read). */
export function timelineRoutes(owners: TimelineOwner[]): RouteDefinition[] {
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

  const perOwner = owners.flatMap((owner): RouteDefinition[] => [
    {
      name: `${owner.kind}-timeline-sections-list`,
      methods: ['GET'],
      route: owner.collectionRoute,
      access: 'signedIn',
      handler: async ({ principal, params }) => {
        await owner.assertReadable(principal, params.ownerId);
        const docs = await listSections(ownerIdOf(owner.kind, params.ownerId));
        return ok(sortTimeline(docs));
      },
    },
    {
      name: `${owner.kind}-timeline-sections-create`,
      methods: ['POST'],
      route: owner.collectionRoute,
      access: 'internal',
      handler: async ({ request, principal, params }) => {
        await owner.assertReadable(principal, params.ownerId);
        const input = (await readValid(request, timelineSectionSchema)) as TimelineSectionInput;
        return withEtag(toSection(await createSection(owner.kind, params.ownerId, input, principal.userId)), 201);
      },
    },
  ]);

  return [
    ...perOwner,
    {
      name: 'timeline-sections-update',
      methods: ['PATCH'],
      route: 'v1/timeline_sections/{sectionId}',
      access: 'internal',
      handler: async ({ request, principal, params }) => {
        const current = await sectionFor(principal, params.sectionId);
        const change = (await readValid(request, timelineSectionPatchSchema)) as Partial<TimelineSectionInput>;
        return withEtag(toSection(await updateSection(current, change, principal.userId, ifMatch(request))));
      },
    },
    {
      name: 'timeline-sections-delete',
      methods: ['DELETE'],
      route: 'v1/timeline_sections/{sectionId}',
      access: 'internal',
      handler: async ({ request, principal, params }) => {
        const current = await sectionFor(principal, params.sectionId);
        await deleteSection(current, ifMatch(request));
        return noContent();
      },
    },
  ];
}
