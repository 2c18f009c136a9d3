import { acceptOf, EDITOR_VIDEO_MAX_BYTES, fileTypeMessage, videoFileRule } from '@movers/contracts';
import { type Editor, FileDialogButtonView, IconMediaPlaceholder } from 'ckeditor5';
import { fileFits } from '../fileCheck.ts';

/** What the editor's video button needs from the form around it. */
export interface VideoUploads {
  /** Sends the file to `POST /v1/images` and gives its public address. */
  send: (file: File, onProgress: (fraction: number) => void) => Promise<string>;
  /** How far the upload is (0..1), or null when none runs. */
  progress: (fraction: number | null) => void;
  /** Why a video was not inserted, in words the user sees under the editor; null clears it. */
  refused: (message: string | null) => void;
}

const attribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * The toolbar's 'Upload video' (spec part 2: the editor uploads videos of mp4, mov, ogg, webm): a file of
 * those types is checked before a byte is sent, uploaded as the editor's images are, and inserted as
 * `<video controls>` of its public address, which General HTML Support keeps in the editor's model and
 * the API's sanitiser keeps only for its own files.
 */
export const videoUploadPlugin = (uploads: VideoUploads) =>
  function VideoUpload(editor: Editor) {
    editor.ui.componentFactory.add('uploadVideo', (locale) => {
      const button = new FileDialogButtonView(locale);
      button.set({ acceptedType: acceptOf(videoFileRule), allowMultipleFiles: false, label: 'Upload video', icon: IconMediaPlaceholder, tooltip: true });
      button.on('done', (_event, files: FileList) => {
        const file = files[0];
        if (file) void insertVideo(editor, file, uploads);
      });
      return button;
    });
  };

async function insertVideo(editor: Editor, file: File, uploads: VideoUploads) {
  uploads.refused(null);
  if (!(await fileFits(file, videoFileRule))) return uploads.refused(fileTypeMessage(videoFileRule));
  // The API's own words for its limit; said before a 50 MB body is sent only to be refused.
  if (file.size > EDITOR_VIDEO_MAX_BYTES) return uploads.refused(`the file is larger than ${EDITOR_VIDEO_MAX_BYTES / 1024 / 1024} MB`);
  uploads.progress(0);
  try {
    const url = await uploads.send(file, uploads.progress);
    editor.model.change((writer) => {
      // A selected image, video or table stays: the video goes into a new paragraph after it (after the
      // paragraph of an inline one) instead of in its place.
      const selected = editor.model.document.selection.getSelectedElement();
      if (selected) {
        const block = editor.model.schema.isInline(selected) && selected.parent?.is('element') ? selected.parent : selected;
        const paragraph = writer.createElement('paragraph');
        writer.insert(paragraph, writer.createPositionAfter(block));
        writer.setSelection(paragraph, 'in');
      }
      const video = editor.data.toModel(editor.data.processor.toView(`<video controls src="${attribute(url)}"></video>`), '$block');
      editor.model.insertContent(video);
    });
  } catch (error) {
    uploads.refused(typeof error === 'string' ? error : 'The video could not be uploaded.');
  } finally {
    uploads.progress(null);
  }
}
