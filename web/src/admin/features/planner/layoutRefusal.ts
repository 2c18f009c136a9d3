import { format } from '@movers/contracts';
import { ApiError } from '../../../common/api/errors.ts';
import type { PlannerText } from './text.ts';

/**
 * What a failed floor save shows (issue 55): a file the API refused, said of that file in the screen's
 * language (the answer's `error.file` names the file and what is wrong with it: not a PDF, empty, damaged,
 * protected…); another refusal in the API's own words; else the planner's 'could not save'.
 */
export function layoutSaveError(error: unknown, t: PlannerText): string {
  if (!(error instanceof ApiError)) return t.errors.saveLayout;
  const refused = error.body?.error.file;
  const words = refused ? t.refusedFile[refused.problem] : undefined;
  if (refused && words) return format(words, { file: refused.name });
  return error.body?.error.message ? `${t.errors.saveLayout}: ${error.body.error.message}` : t.errors.saveLayout;
}
