import * as yup from '../../yup.ts';
import type { DirectoryPerson, ExternalUserEntry, Invitation, User } from '../../entities.ts';
import { inviteUserSchema, updateUserSchema } from '../../schemas/user.ts';
import { photoTypes } from '../../fileTypes.ts';
import { defineRoute, fileReply, jsonReply } from '../contract.ts';
import { idParameter } from '../idField.ts';
import { idShapes } from '../ids.ts';
import { meRoutes } from './me.ts';
import { arrayOf } from '../answers/shape.ts';
import { directoryPersonSchema, externalUserEntrySchema, invitationSchema, userAnswerSchema } from '../answers/users.ts';

const externalUsersQuery = yup.object({ client: idParameter() }).noUnknown(true, 'unknown parameter: ${unknown}');

export const userRoutes = {
  ...meRoutes,
  list: defineRoute({
    name: 'users-list',
    method: 'GET',
    path: 'v1/users',
    access: 'internal',
    summary: "The directory's internal people, for the people pickers",
    params: {},
    response: jsonReply<DirectoryPerson[]>('internal people by name', arrayOf(directoryPersonSchema)),
  }),
  external: defineRoute({
    name: 'users-external',
    method: 'GET',
    path: 'v1/users/external',
    access: 'internal',
    errors: { 404: 'the `client` named is not a client' },
    summary: 'External users with their clients, optionally of one client',
    params: {},
    query: externalUsersQuery,
    response: jsonReply<ExternalUserEntry[]>('external users by client, then name', arrayOf(externalUserEntrySchema)),
  }),
  invite: defineRoute({
    name: 'users-invite',
    method: 'POST',
    path: 'v1/users/invitation',
    access: 'internal',
    errors: {
      409: 'the address is already a user of the portal',
      502: 'Microsoft Graph did not take the app role assignment (inviting the address again finishes it)',
    },
    summary: 'Invite an external user of a client (409 when the e-mail is in the directory)',
    params: {},
    body: inviteUserSchema,
    status: 201,
    response: jsonReply<Invitation>('the invited user and the redemption link', invitationSchema),
  }),
  get: defineRoute({
    name: 'users-get',
    method: 'GET',
    path: 'v1/users/{userId}',
    access: 'internal',
    summary: 'A directory user with the portal profile',
    params: { userId: idShapes.userId },
    response: jsonReply<User>('the user', userAnswerSchema),
  }),
  update: defineRoute({
    name: 'users-update',
    method: 'PATCH',
    path: 'v1/users/{userId}',
    access: 'internal',
    summary: "Assign an External user's client",
    params: { userId: idShapes.userId },
    body: updateUserSchema,
    response: jsonReply<User>('the saved user', userAnswerSchema),
  }),
  photo: defineRoute({
    name: 'users-photo',
    method: 'GET',
    path: 'v1/users/{userId}/photo/{size}',
    access: 'internal',
    empty: 'the user has no photo',
    summary: "A directory user's photo (204, no body, when there is none)",
    params: { userId: idShapes.userId, size: idShapes.photoSize },
    response: fileReply(photoTypes, 'the photo'),
  }),
};
