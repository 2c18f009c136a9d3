/**
 * The file types an upload takes, by name and by declared type: one rule each, one message each, used by
 * the file pickers (their `accept`), by the check in the browser before a byte is sent, and by the API's
 * answer when the content itself is refused, so a user meets the same words whichever check fires.
 */
export interface FileTypeRule {
  /** Lower case, with the dot. */
  extensions: readonly string[];
  /** The declared (MIME) types a browser may give such a file; an empty declared type is judged by name only. */
  mimeTypes: readonly string[];
}

/** The extensions of each type the API judges by content. */
const extensionsOfType: Record<string, readonly string[]> = {
  'image/jpeg': ['.jpg', '.jpeg'],
  'image/png': ['.png'],
  'image/svg+xml': ['.svg'],
  'image/gif': ['.gif'],
  'image/webp': ['.webp'],
  'video/mp4': ['.mp4'],
  'video/quicktime': ['.mov'],
  'video/ogg': ['.ogg', '.ogv'],
  'video/webm': ['.webm'],
  'text/csv': ['.csv'],
  'application/pdf': ['.pdf'],
};

/** A rule from the content types an API route accepts. */
export const fileTypeRule = (mimeTypes: readonly string[]): FileTypeRule => ({
  extensions: mimeTypes.flatMap((type) => extensionsOfType[type] ?? []),
  mimeTypes,
});

/** Images of the move settings and of floor plans (spec part 2, section 5). */
export const imageFileRule = fileTypeRule(['image/jpeg', 'image/png', 'image/svg+xml']);

/** Videos uploaded from the rich-text editor: MP4, MOV, Ogg and WebM (spec part 2, sections 5 and 9), as `POST /v1/images` takes them. */
export const videoFileRule: FileTypeRule = {
  ...fileTypeRule(['video/mp4', 'video/quicktime', 'video/ogg', 'video/webm']),
  // Browsers declare an .ogg by its container, not as video; the content decides.
  mimeTypes: ['video/mp4', 'video/quicktime', 'video/ogg', 'video/webm', 'application/ogg', 'audio/ogg'],
};

/** The planner's assignment import: .csv only (spec part 2, section 5); systems declare CSV under several types. */
export const csvFileRule: FileTypeRule = { extensions: ['.csv'], mimeTypes: ['text/csv', 'application/csv', 'application/vnd.ms-excel', 'text/plain'] };

const listed = (items: readonly string[]) => (items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`);

/** The one English message of a rule: 'Only .jpg, .jpeg, .png and .svg files can be used.' */
export const fileTypeMessage = (rule: FileTypeRule) => `Only ${listed(rule.extensions)} files can be used.`;

/** The file picker's `accept`: the extensions and the declared types. */
export const acceptOf = (rule: FileTypeRule) => [...rule.extensions, ...rule.mimeTypes].join(',');

/** Whether a file's name and declared type fit a rule (its content is judged apart). */
export function nameAndTypeFit(file: { name: string; type: string }, rule: FileTypeRule): boolean {
  const name = file.name.toLowerCase();
  if (!rule.extensions.some((extension) => name.endsWith(extension))) return false;
  return file.type === '' || rule.mimeTypes.includes(file.type.toLowerCase());
}

/** A directory photo, as Microsoft Graph has it (mostly JPEG; the local Graph stand-in's are PNG). */
export const photoTypes = ['image/jpeg', 'image/png', 'image/gif'] as const;

/**
 * Types a browser may be told as they are when a user's document is downloaded: none of them runs as a
 * page or script. Any other stored type is downloaded as `application/octet-stream`.
 */
export const safeDownloadTypes = [
  'application/pdf',
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'image/bmp',
  'image/tiff',
  'image/heic',
  'text/plain',
  'application/msword',
  'application/vnd.ms-excel',
  'application/vnd.ms-powerpoint',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  'application/vnd.oasis.opendocument.text',
  'application/vnd.oasis.opendocument.spreadsheet',
  'application/vnd.oasis.opendocument.presentation',
  'application/zip',
] as const;

/** Every media type a user's document may be downloaded as. */
export const downloadTypes = [...safeDownloadTypes, 'application/octet-stream'] as const;
