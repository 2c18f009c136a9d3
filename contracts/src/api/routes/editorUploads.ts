import { defineRoute, fileReply, jsonReply } from '../contract.ts';
import { idShapes } from '../ids.ts';
import { editorUploadSchema } from '../answers/content.ts';

/** Images and videos inserted in the rich-text editor (spec part 2, sections 5, 7 and 9). */
export const EDITOR_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const EDITOR_VIDEO_MAX_BYTES = 50 * 1024 * 1024;
export const EDITOR_IMAGE_MIN = { width: 100, height: 20 } as const;
export const editorImageTypes = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const;
export const editorVideoTypes = ['video/mp4', 'video/quicktime', 'video/ogg', 'video/webm'] as const;

/** What the editor gets back: the address visitors load the file from, without signing in. */
export interface EditorUpload {
  url: string;
}

export const editorUploadRoutes = {
  upload: defineRoute({
    name: 'editor-uploads-create',
    method: 'POST',
    path: 'v1/images',
    access: 'signedIn',
    summary: 'Store an image (JPEG, PNG, GIF, WebP; at least 100x20, at most 5 MB) or a video (MP4, MOV, Ogg, WebM; at most 50 MB) for the editor',
    params: {},
    upload: { field: 'upload', maxBytes: EDITOR_VIDEO_MAX_BYTES, types: [...editorImageTypes, ...editorVideoTypes] },
    status: 201,
    response: jsonReply<EditorUpload>('the public address of the file', editorUploadSchema),
  }),
  get: defineRoute({
    name: 'editor-uploads-get',
    method: 'GET',
    path: 'v1/images/{uploadId}',
    access: 'public',
    cached: true,
    summary: 'A file inserted in the editor, public by its unguessable id, served so that it cannot run',
    params: { uploadId: idShapes.uuid },
    response: fileReply([...editorImageTypes, ...editorVideoTypes], 'the file'),
  }),
};
