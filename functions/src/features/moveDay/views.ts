import type { MoveDayReport, VisitArrival, VisitReport } from '@movers/contracts';
import { ARRIVAL_UNDO_MINUTES } from '@movers/contracts';
import type { ArrivalDoc, ReportDoc, Stored } from './moveDay.data.ts';

export const toArrival = (doc: Stored<ArrivalDoc>): VisitArrival => ({
  arrivedAt: doc.arrivedAt,
  seat: doc.seat,
  undoUntil: new Date(Date.parse(doc.arrivedAt) + ARRIVAL_UNDO_MINUTES * 60_000).toISOString(),
  ...(doc.etag ? { etag: doc.etag } : {}),
});

const photoQuery = (doc: ReportDoc) => (doc.photo ? `?v=${encodeURIComponent(doc.photo.version)}` : '');

export const toVisitReport = (doc: ReportDoc, path: string): VisitReport => ({
  id: doc.id,
  category: doc.category,
  text: doc.text,
  status: doc.status,
  answer: doc.answer,
  answeredAt: doc.answeredAt,
  seat: doc.seat,
  photo: doc.photo ? `/v1/visit/${encodeURIComponent(path)}/reports/${encodeURIComponent(doc.id)}/photo${photoQuery(doc)}` : null,
  createdAt: doc.createdAt,
  updatedAt: doc.updatedAt,
});

export const toBoardReport = (doc: Stored<ReportDoc>): MoveDayReport => ({
  id: doc.id,
  moveId: doc.moveId,
  personId: doc.personId,
  personName: doc.personName,
  seat: doc.seat,
  category: doc.category,
  text: doc.text,
  status: doc.status,
  assigneeId: doc.assigneeId,
  answer: doc.answer,
  answeredAt: doc.answeredAt,
  photo: doc.photo ? `/v1/reports/${encodeURIComponent(doc.id)}/photo${photoQuery(doc)}` : null,
  createdAt: doc.createdAt,
  updatedAt: doc.updatedAt,
  ...(doc.etag ? { etag: doc.etag } : {}),
});

/** Newest first; the id breaks ties so a page never repeats or skips one. */
export const newestFirst = (a: ReportDoc, b: ReportDoc) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id);
