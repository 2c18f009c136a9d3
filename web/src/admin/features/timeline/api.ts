import { apiPaths, type TimelineOwnerKind, type TimelineSection, type TimelineSectionInput } from '@movers/contracts';
import type { ApiClient } from '../../../common/api/apiClient.ts';
import { useResource } from '../../../common/api/useResource.ts';

/** Who owns a timeline: a brokering project now; a move uses the same module with kind 'move'. */
export interface TimelineOwnerRef {
  kind: TimelineOwnerKind;
  id: string;
}

export const useTimeline = (owner: TimelineOwnerRef) => useResource<TimelineSection[]>(apiPaths.timelineSections(owner));

export async function createSection(api: ApiClient, owner: TimelineOwnerRef, input: TimelineSectionInput): Promise<TimelineSection> {
  return (await api.request<TimelineSection>(apiPaths.timelineSections(owner), { method: 'POST', body: input })).data;
}

/** Sends the section's ETag, so a change made meanwhile by someone else is refused (412), not lost. */
export async function updateSection(api: ApiClient, section: TimelineSection, change: Partial<TimelineSectionInput>): Promise<TimelineSection> {
  const headers: Record<string, string> = section.etag ? { 'If-Match': section.etag } : {};
  return (await api.request<TimelineSection>(apiPaths.timelineSection(section.id), { method: 'PATCH', body: change, headers })).data;
}

export async function deleteSection(api: ApiClient, section: TimelineSection): Promise<void> {
  await api.request<void>(apiPaths.timelineSection(section.id), { method: 'DELETE' });
}
