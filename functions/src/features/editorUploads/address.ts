/**
 * The address the editor's files are served under: the API's own origin, as the request reached it. An
 * upload is answered under it, and the sanitiser keeps a video only when its file is there.
 */
export const editorFilesAt = (request: { url: string }): string => `${new URL(request.url).origin}/api/v1/images/`;
