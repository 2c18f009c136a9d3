import * as yup from '../yup.ts';
import { idShapes } from './ids.ts';
import type { IdShape } from './contract.ts';

// Apart from ids.ts, which the sign-in path reads: this one brings yup.

/** The field error for an id in a body or query that has no shape the API issues. */
export const invalidId = 'not a valid id';

/**
 * A body or query field that holds an id the API issued, checked against the same shapes as the path
 * parameters: anything else is a 400 with a field error, before any store sees it. '' is left to
 * `.required()`, so an empty field says 'field is required'.
 */
export const idField = (idShape: IdShape = idShapes.id) => yup.string().matches(idShape.pattern, { message: invalidId, excludeEmptyString: true });

/**
 * A query parameter that holds an id: as {@link idField}, and sent empty (`?client=`) it is refused too,
 * never taken as absent (a filter that is silently dropped answers the whole list).
 */
export const idParameter = (idShape: IdShape = idShapes.id) => yup.string().matches(idShape.pattern, invalidId).optional();
