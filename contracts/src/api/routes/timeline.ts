import { type TimelineOwnerKind, type TimelineSection, timelineSectionPatchSchema, timelineSectionSchema, timelineWriters } from '../../timeline.ts';
import { defineRoute, jsonReply, noReply } from '../contract.ts';
import type { IdShape } from '../contract.ts';
import { idShapes } from '../ids.ts';
import { timelineSectionAnswerSchema } from '../answers/content.ts';
import { arrayOf } from '../answers/shape.ts';

/** The collection routes of one timeline owner: the same behaviour for every owner, only the path differs. */
export function timelineOwnerRoutes<const P extends `${string}{ownerId}${string}`>(kind: TimelineOwnerKind, path: P, ownerId: IdShape) {
  return {
    list: defineRoute({
      name: `${kind}-timeline-sections-list`,
      method: 'GET',
      path,
      access: 'signedIn',
      summary: `The timeline of a ${kind}, sections and events by date`,
      params: { ownerId } as never,
      response: jsonReply<TimelineSection[]>('the sections', arrayOf(timelineSectionAnswerSchema)),
    }),
    create: defineRoute({
      name: `${kind}-timeline-sections-create`,
      method: 'POST',
      path,
      access: timelineWriters[kind],
      summary: `Add a section to the timeline of a ${kind}`,
      params: { ownerId } as never,
      body: timelineSectionSchema,
      status: 201,
      response: jsonReply<TimelineSection>('the new section, with its ETag', timelineSectionAnswerSchema),
    }),
  };
}

export const brokeringTimelineRoutes = timelineOwnerRoutes('brokering', 'v1/brokerings/{ownerId}/timeline_sections', idShapes.childOfClient);
export const moveTimelineRoutes = timelineOwnerRoutes('move', 'v1/moves/{ownerId}/timeline_sections', idShapes.move);

export const timelineSectionRoutes = {
  update: defineRoute({
    name: 'timeline-sections-update',
    method: 'PATCH',
    path: 'v1/timeline_sections/{sectionId}',
    access: 'signedIn',
    summary: "Change a section: any of title, date and events (events are replaced); who may is the owner's rule (timelineWriters)",
    params: { sectionId: idShapes.timelineSection },
    body: timelineSectionPatchSchema,
    response: jsonReply<TimelineSection>('the saved section, with its new ETag', timelineSectionAnswerSchema),
  }),
  delete: defineRoute({
    name: 'timeline-sections-delete',
    method: 'DELETE',
    path: 'v1/timeline_sections/{sectionId}',
    access: 'signedIn',
    summary: "Delete a section with its events; who may is the owner's rule (timelineWriters)",
    params: { sectionId: idShapes.timelineSection },
    status: 204,
    response: noReply('deleted'),
  }),
};
