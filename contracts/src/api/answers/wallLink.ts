import { reportCategories, reportStatuses } from '../../moveDay.ts';
import { seatStates } from '../../moveDayMap.ts';
import { wallLinkShows } from '../../wallLink.ts';
import { arrayOf, extend, int, nullable, num, object, oneOf, str } from './shape.ts';

/** The answers of the wall link's routes, beside their types in `wallLink.ts` (the wall's figures: `MoveDayWall` in `moveDayMap.ts`). */

const shows = oneOf(...wallLinkShows);

export const wallLinkSchema = object({ id: str, moveId: str, shows, expiresAt: str, createdAt: str, createdBy: str }, { etag: str });
export const wallLinkCreatedSchema = extend(wallLinkSchema, { token: str });

const category = oneOf(...reportCategories);

export const wallBoardSchema = object({
  name: str,
  shows,
  expiresAt: str,
  timeZone: str,
  floors: arrayOf(
    object({
      floorId: str,
      floor: str,
      image: object({ version: str, width: num, height: num }),
      expected: int,
      arrived: int,
      seats: arrayOf(object({ markerId: str, positionX: num, positionY: num, state: oneOf(...seatStates), categories: arrayOf(category), label: str })),
    }),
  ),
  expected: int,
  arrived: int,
  newestReports: arrayOf(object({ id: str, category, status: oneOf(...reportStatuses), createdAt: str, floor: str, who: str })),
  lastChange: nullable(str),
});
