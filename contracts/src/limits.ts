// Size limits that more than the app read (the infrastructure program sets the Functions host's body
// limit from them), so this file imports nothing.

/** The largest move document. A 200 MB file must go through (issue 13), streamed, never held in memory. */
export const MOVE_DOCUMENT_MAX_BYTES = 250 * 1024 * 1024;

/** Room for the multipart envelope around the largest file: the host's body limit is the file's plus this. */
export const MULTIPART_OVERHEAD_BYTES = 1024 * 1024;
