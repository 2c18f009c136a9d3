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

/**
 * What is wrong with an uploaded file, said of that file (issue 55: a text file renamed `bad.pdf`, or an
 * empty one, was told only which types can be used): `type` when its name is of a type the upload does not
 * take (the rule's message says which it does), `empty` with no bytes, `notPdf` / `notImage` when its name
 * says a PDF / an image and its bytes another kind, `damagedPdf` / `damagedImage` when its bytes begin as one
 * but cannot be read, `protected` for a PDF locked by a password. The API's 400/415 of an upload names it
 * (`error.file`), so a screen says it in its own language.
 */
export const fileProblems = ['type', 'empty', 'notPdf', 'notImage', 'damagedPdf', 'damagedImage', 'protected'] as const;
export type FileProblem = (typeof fileProblems)[number];

/** An upload's refused file: its part, its name as sent, and what is wrong with it. */
export interface FileRefusal {
  field: string;
  name: string;
  problem: FileProblem;
}

/** The API's English words for each problem but `type` (whose words are the rule's, {@link fileTypeMessage}); `{{file}}` is the file's name. */
export const fileProblemMessages: Record<Exclude<FileProblem, 'type'>, string> = {
  empty: '{{file}} is empty (0 bytes). Nothing was saved.',
  notPdf: '{{file}} is not a PDF: its content is of another kind (perhaps a renamed file). Nothing was saved.',
  notImage: '{{file}} is not the image its name says: its content is of another kind (perhaps a renamed file). Nothing was saved.',
  damagedPdf: '{{file}} could not be read: the file is damaged or not a complete PDF. Nothing was saved.',
  damagedImage: '{{file}} could not be read: the file is damaged or not a complete image. Nothing was saved.',
  protected: '{{file}} is protected by a password, so its pages cannot be read. Save it without a password and choose it again. Nothing was saved.',
};

/** A problem's English message for a file of that name; `type`: the rule's. */
export const fileProblemMessage = (problem: FileProblem, name: string, rule: FileTypeRule) =>
  problem === 'type' ? fileTypeMessage(rule) : fileProblemMessages[problem].replaceAll('{{file}}', name);

/** The type a file's name says, by its extension ('' for none the API knows). */
const typeOfName = (name: string) => {
  const lower = name.toLowerCase();
  return Object.entries(extensionsOfType).find(([, extensions]) => extensions.some((e) => lower.endsWith(e)))?.[0] ?? '';
};

/**
 * Why a file whose bytes are of a type the upload does not take (or of none known) is refused: its name
 * says a PDF or an image its bytes are not (`notPdf`, `notImage`), else its type is not one the upload takes.
 */
export function contentProblem(name: string, sniffed: string | undefined): FileProblem {
  const named = typeOfName(name);
  if (named === '' || named === sniffed) return 'type';
  if (named === 'application/pdf') return 'notPdf';
  return named.startsWith('image/') ? 'notImage' : 'type';
}

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
