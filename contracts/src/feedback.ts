import * as yup from './yup.ts';
import { wholeNumberParameter } from './queryNumbers.ts';
import { emailAddress, phoneNumber } from './contactRules.ts';
import type { Audit } from './entities.ts';
import { messages } from './messages.ts';

/**
 * What the people being moved send the move's team (spec part 2, sections 3 to 5): a question, feedback
 * or an error report, answered in the feedback inbox. Its id is `{moveId}_{uuid}` (the partition).
 */
export const feedbackTypes = ['question', 'feedback', 'error'] as const;
export type FeedbackType = (typeof feedbackTypes)[number];
export const feedbackStatuses = ['pending', 'answered'] as const;
export type FeedbackStatus = (typeof feedbackStatuses)[number];

export interface FeedbackAnswer {
  id: string;
  user: { id: string; displayName: string };
  createdAt: string;
  response: string;
  /** Whether the answer was e-mailed to the person who asked. */
  mailed: boolean;
}

export interface Feedback extends Partial<Audit> {
  id: string;
  moveId: string;
  feedbackType: FeedbackType;
  question: string;
  name: string | null;
  email: string | null;
  phone: string | null;
  status: FeedbackStatus;
  answers: FeedbackAnswer[];
  /** The latest answer's response ('' before the first). */
  answer: string;
  etag?: string;
}

/** One page of the inbox, newest first, with how many items the filter matches in all. */
export interface FeedbackPage {
  items: Feedback[];
  total: number;
  page: number;
  pageSize: number;
}

export const FEEDBACK_PAGE_SIZE = 25;
export const FEEDBACK_PAGE_SIZE_MAX = 100;
const TEXT_MAX = 5000;

const v = messages.validation;
const unknownField = 'unknown field: ${unknown}';
const emptyToNull = (_v: unknown, original: unknown) => (typeof original === 'string' && original.trim() === '' ? null : original);
const optionalLine = (max: number) => yup.string().transform(emptyToNull).trim().max(max, `maximum ${max} characters`).nullable().default(null);

/** A new item, from the visitor forms or the inbox: an e-mail or a phone number, so that an answer can be sent. */
export const feedbackCreateSchema = yup
  .object({
    feedbackType: yup.string().oneOf(feedbackTypes, 'must be question, feedback or error').required(v.required),
    question: yup.string().trim().max(TEXT_MAX, `maximum ${TEXT_MAX} characters`).required(v.required).meta({ multiline: true }),
    name: optionalLine(200),
    email: optionalLine(254).test(emailAddress(v.invalidEmail)),
    phone: optionalLine(50)
      .test(phoneNumber(v.phone))
      .test('contact', messages.feedback.contactNeeded, function (phone) {
        return Boolean(phone) || Boolean(this.parent.email);
      })
      .meta({ rule: `a phone or an e-mail address, else 400 '${messages.feedback.contactNeeded}'` }),
  })
  .noUnknown(true, unknownField);

/** Saving or mailing a response: the response is required; saving marks the item answered. */
export const feedbackAnswerSchema = yup
  .object({
    status: yup.string().oneOf(feedbackStatuses, 'must be pending or answered').default('answered'),
    response: yup.string().trim().max(TEXT_MAX, `maximum ${TEXT_MAX} characters`).required(v.required).meta({ multiline: true }),
  })
  .noUnknown(true, unknownField);

/** The inbox's filters and page, from the address. */
export const feedbackListQuery = yup
  .object({
    type: yup.string().oneOf(feedbackTypes, 'must be question, feedback or error').optional(),
    status: yup.string().oneOf(feedbackStatuses, 'must be pending or answered').optional(),
    page: wholeNumberParameter(100_000),
    pageSize: wholeNumberParameter(FEEDBACK_PAGE_SIZE_MAX),
  })
  .noUnknown(true, 'unknown parameter: ${unknown}');

/** The page asked for, with the defaults. */
export const feedbackPaging = (query: { page?: string; pageSize?: string }) => ({
  page: query.page ? Number(query.page) : 1,
  pageSize: query.pageSize ? Number(query.pageSize) : FEEDBACK_PAGE_SIZE,
});

export type FeedbackInput = yup.InferType<typeof feedbackCreateSchema>;
export type FeedbackAnswerInput = yup.InferType<typeof feedbackAnswerSchema>;
