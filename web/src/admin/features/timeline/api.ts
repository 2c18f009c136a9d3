import { type TimelineOwnerKind, type TimelineSection, type TimelineSectionInput, api as routes } from '@movers/contracts';
import type { ApiClient } from '../../../common/api/apiClient.ts';
import { callRoute, keyOf, revalidate, useRoute } from '../../../common/api/route.ts';

/** Who owns a timeline: a brokering project now; a move uses the same module with kind 'move'. */
export interface TimelineOwnerRef {
  kind: TimelineOwnerKind;
  id: string;
}

/** The collection routes of each owner kind. */
const ownerRoutes = { brokering: routes.brokeringTimeline, move: routes.moveTimeline } as const;
const collection = (owner: TimelineOwnerRef) => {
  const routesOf = ownerRoutes[owner.kind as keyof typeof ownerRoutes];
  if (!routesOf) throw new Error(`no timeline routes for ${owner.kind}`);
  return routesOf;
};
const sectionsKey = (owner: TimelineOwnerRef) => keyOf(collection(owner).list, { ownerId: owner.id });

export const useTimeline = (owner: TimelineOwnerRef) => useRoute(collection(owner).list, { ownerId: owner.id });

export async function createSection(api: ApiClient, owner: TimelineOwnerRef, input: TimelineSectionInput) {
  const saved = await callRoute(api, collection(owner).create, { params: { ownerId: owner.id }, body: input });
  await revalidate(sectionsKey(owner));
  return saved;
}

/** Sends the section's ETag, so a change made meanwhile by someone else is refused (412), not lost. */
export async function updateSection(api: ApiClient, owner: TimelineOwnerRef, section: TimelineSection, change: Partial<TimelineSectionInput>) {
  const saved = await callRoute(api, routes.timelineSections.update, { params: { sectionId: section.id }, body: change, etag: section.etag });
  await revalidate(sectionsKey(owner));
  return saved;
}

export async function deleteSection(api: ApiClient, owner: TimelineOwnerRef, section: TimelineSection) {
  await callRoute(api, routes.timelineSections.delete, { params: { sectionId: section.id }, etag: section.etag });
  await revalidate(sectionsKey(owner));
}
