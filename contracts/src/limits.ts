// Size limits that more than the app read (the infrastructure program sets the Functions host's body
// limit from them), so this file imports nothing.

/**
 * The largest move document. A 200 MB file must go through (issue 13), never held in memory, and a 300 MB
 * one too (issue 46: 'documents of any size'): over MOVE_DOCUMENT_DIRECT_MAX_BYTES it goes from the
 * browser straight to Blob Storage in blocks, since a Function takes no request over 210 MB and none may
 * last over 230 s. 1 GB keeps a mistaken upload (a disk image) from filling the account.
 */
export const MOVE_DOCUMENT_MAX_BYTES = 1024 * 1024 * 1024;
/** MOVE_DOCUMENT_MAX_BYTES as the messages say it. */
export const MOVE_DOCUMENT_MAX_TEXT = '1 GB';

/**
 * The largest move document sent through the API itself (multipart); a larger one is uploaded in blocks
 * with a write-only SAS. 8 MB takes under 10 s on a 10 Mbit/s uplink.
 */
export const MOVE_DOCUMENT_DIRECT_MAX_BYTES = 8 * 1024 * 1024;

/** The size of each block of a large move document's upload (the last one holds the rest). */
export const MOVE_DOCUMENT_BLOCK_BYTES = 4 * 1024 * 1024;

/** Room for the multipart envelope around the largest file: the host's body limit is the file's plus this. */
export const MULTIPART_OVERHEAD_BYTES = 1024 * 1024;

/**
 * The Functions host's body limit (FUNCTIONS_REQUEST_BODY_SIZE_LIMIT): its own default, 100 MB, holds the
 * largest upload sent through the API (an editor's video, 50 MB) and stays within the 210 MB a Function
 * accepts on every plan.
 */
export const FUNCTIONS_REQUEST_BODY_MAX_BYTES = 100 * 1024 * 1024;
