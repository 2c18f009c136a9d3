import type { User } from '../../entities.ts';
import { photoTypes } from '../../fileTypes.ts';
import { defineRoute, fileReply, jsonReply } from '../contract.ts';
import { idShapes } from '../ids.ts';
import { userAnswerSchema } from '../answers/users.ts';

/**
 * The signed-in user's own routes, apart from the other user routes: the sign-in path needs `me` and
 * should not carry the schemas (and yup) of every user route into its first download.
 */
export const meRoutes = {
  me: defineRoute({
    name: 'users-me',
    method: 'GET',
    path: 'v1/users/me',
    access: 'signedIn',
    summary: 'The signed-in user, with roles and (External) client',
    params: {},
    response: jsonReply<User>('the signed-in user', userAnswerSchema),
  }),
  myPhoto: defineRoute({
    name: 'users-me-photo',
    method: 'GET',
    path: 'v1/users/me/photo/{size}',
    access: 'signedIn',
    empty: 'the user has no photo',
    summary: "The signed-in user's photo from the directory (204, no body, when there is none)",
    params: { size: idShapes.photoSize },
    response: fileReply(photoTypes, 'the photo'),
  }),
};
