import { container } from '@movers/functions/src/platform/cosmos/client.ts';
import type { FeedbackDoc } from '@movers/functions/src/features/feedback/feedback.data.ts';

type Audit = { createdAt: string; createdBy: string; updatedAt: string; updatedBy: string };

/** The demo move's seeded feedback, by id (tests name the first). */
export const seededFeedback = (moveId: string) =>
  [
    'fe000000-0000-4000-8000-000000000001',
    'fe000000-0000-4000-8000-000000000002',
    'fe000000-0000-4000-8000-000000000003',
    'fe000000-0000-4000-8000-000000000004',
  ].map((u) => `${moveId}_${u}`);

/** A few questions, an error report and feedback in the demo move's inbox, one of them answered. */
export async function seedFeedback(moveId: string, audit: Audit, answeredBy: { id: string; displayName: string }) {
  const ids = seededFeedback(moveId);
  const day = (n: number) => new Date(Date.parse(audit.createdAt) + n * 3_600_000).toISOString();
  const item = (i: number, fields: Pick<FeedbackDoc, 'feedbackType' | 'question' | 'name' | 'email' | 'phone'>): FeedbackDoc => ({
    id: ids[i]!,
    moveId,
    ...fields,
    status: 'pending',
    answers: [],
    answer: '',
    ...audit,
    createdAt: day(i),
    updatedAt: day(i),
  });
  const answered: FeedbackDoc = {
    ...item(3, {
      feedbackType: 'question',
      question: 'Is there a canteen in the new building?',
      name: 'Nora Lie',
      email: 'nora.lie@client-a.test',
      phone: null,
    }),
    status: 'answered',
    answers: [
      { id: 'fa0a0000-0000-4000-8000-000000000001', user: answeredBy, createdAt: day(4), response: 'Yes, on the 2nd floor, open 11–14.', mailed: true },
    ],
    answer: 'Yes, on the 2nd floor, open 11–14.',
    updatedAt: day(4),
  };
  const docs = [
    item(0, {
      feedbackType: 'question',
      question: 'Where do I leave my bicycle on moving day?',
      name: 'Ola Nordmann',
      email: 'ola.nordmann@client-a.test',
      phone: '+47 901 23 456',
    }),
    item(1, {
      feedbackType: 'error',
      question: 'The floor plan shows me on the 3rd floor, but my team is on the 4th.',
      name: 'Kari Holm',
      email: null,
      phone: '+47 912 00 111',
    }),
    item(2, { feedbackType: 'feedback', question: 'Thank you for the clear packing guide!', name: null, email: 'anon@client-a.test', phone: null }),
    answered,
  ];
  for (const doc of docs) {
    try {
      await container('feedback').items.create(doc);
    } catch (error) {
      if ((error as { code?: number }).code !== 409) throw error;
    }
  }
}
