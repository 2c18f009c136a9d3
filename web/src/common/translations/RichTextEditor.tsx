import { CKEditor } from '@ckeditor/ckeditor5-react';
import {
  Alignment,
  AutoImage,
  Autoformat,
  BlockQuote,
  Bold,
  ClassicEditor,
  Essentials,
  GeneralHtmlSupport,
  Heading,
  ImageBlock,
  ImageCaption,
  ImageInline,
  ImageResize,
  ImageStyle,
  ImageToolbar,
  ImageUpload,
  ImageInsert,
  type Editor,
  type FileLoader,
  type UploadAdapter,
  Indent,
  Italic,
  Link,
  List,
  MediaEmbed,
  Paragraph,
  PasteFromOffice,
  Table,
  TableToolbar,
  Underline,
  type EditorConfig,
} from 'ckeditor5';
import { api as routes } from '@movers/contracts';
import { useMemo, useState } from 'react';
import { useApi } from '../api/ApiContext.tsx';
import type { ApiClient } from '../api/apiClient.ts';
import { ApiError } from '../api/errors.ts';
import { uploadRoute } from '../api/route.ts';
import { videoUploadPlugin } from './videoUpload.ts';
import 'ckeditor5/ckeditor5.css';
import './richText.css';

// CKEditor 5 under its open-source licence (GPL). This module is loaded only by the template form
// (React.lazy), so no other screen's chunk carries the editor.
const config: EditorConfig = {
  licenseKey: 'GPL',
  plugins: [
    Essentials,
    Paragraph,
    Heading,
    Bold,
    Italic,
    Underline,
    Link,
    List,
    Indent,
    BlockQuote,
    Alignment,
    Table,
    TableToolbar,
    ImageBlock,
    ImageInline,
    ImageCaption,
    ImageResize,
    ImageStyle,
    ImageToolbar,
    ImageUpload,
    ImageInsert,
    AutoImage,
    MediaEmbed,
    PasteFromOffice,
    Autoformat,
    GeneralHtmlSupport,
  ],
  // The one element beyond CKEditor's own features: a video uploaded with 'Upload video', with the
  // browser's controls (the API keeps it only for its own files).
  htmlSupport: { allow: [{ name: 'video', attributes: { src: true, controls: true } }] },
  toolbar: [
    'heading',
    '|',
    'bold',
    'italic',
    'underline',
    'link',
    '|',
    'bulletedList',
    'numberedList',
    'outdent',
    'indent',
    'alignment',
    '|',
    'blockQuote',
    'insertTable',
    'insertImage',
    'uploadVideo',
    'mediaEmbed',
    '|',
    'undo',
    'redo',
  ],
  table: { contentToolbar: ['tableColumn', 'tableRow', 'mergeTableCells'] },
  image: {
    toolbar: ['imageStyle:inline', 'imageStyle:block', 'toggleImageCaption', 'imageTextAlternative'],
    // What POST /v1/images takes; the API judges the content itself.
    upload: { types: ['jpeg', 'png', 'gif', 'webp'] },
    insert: { integrations: ['upload', 'url'] },
  },
  link: { addTargetToExternalLinks: true, defaultProtocol: 'https://' },
};

/** Sends an image inserted in the editor to POST /v1/images and gives the editor its public address. */
class ApiUploadAdapter implements UploadAdapter {
  #aborted = false;
  constructor(
    private readonly loader: FileLoader,
    private readonly api: ApiClient,
  ) {}

  async upload(): Promise<Record<string, string>> {
    const file = await this.loader.file;
    if (!file || this.#aborted) throw new Error('upload aborted');
    try {
      const answer = await uploadRoute(this.api, routes.editorUploads.upload, {
        params: {},
        file,
        onProgress: (fraction) => {
          this.loader.uploadTotal = file.size;
          this.loader.uploaded = Math.round(fraction * file.size);
        },
      });
      return { default: answer.url };
    } catch (error) {
      // The editor shows this text: the API's own reason (too small, not an image, too large).
      throw error instanceof ApiError ? error.message : 'The image could not be uploaded.';
    }
  }

  abort(): void {
    this.#aborted = true;
  }
}

/** One translation's content: HTML in and out; `label` names the editing area for screen readers. */
export default function RichTextEditor({
  value,
  label,
  onChange,
  onBlur,
}: {
  value: string;
  label: string;
  onChange: (html: string) => void;
  onBlur?: () => void;
}) {
  const api = useApi();
  const [refused, setRefused] = useState<string | null>(null);
  const [videoProgress, setVideoProgress] = useState<number | null>(null);
  // 'Upload video' sends through the same API client and route as the images, and says a refusal the same way.
  const withVideos = useMemo(
    () =>
      videoUploadPlugin({
        send: async (file, onProgress) => {
          try {
            return (await uploadRoute(api, routes.editorUploads.upload, { params: {}, file, onProgress })).url;
          } catch (error) {
            throw error instanceof ApiError ? error.message : 'The video could not be uploaded.';
          }
        },
        progress: setVideoProgress,
        refused: setRefused,
      }),
    [api],
  );
  // The editor's uploads go through the API client, with the session's token.
  const withUploads = useMemo(
    () =>
      function ApiUploads(editor: Editor) {
        editor.plugins.get('FileRepository').createUploadAdapter = (loader) => {
          setRefused(null);
          return new ApiUploadAdapter(loader, api);
        };
        // An upload the API refuses is said under the editor in the API's words (the editor's own warning
        // is a browser alert, which is easily missed or blocked).
        editor.plugins.get('Notification').on('show:warning', (event, data: { message: string }) => {
          setRefused(data.message);
          event.stop();
        });
        // An image uploaded while another is selected goes after it: the editor would put it in the
        // selected one's place, and a refused upload would then lose both. (The command exists once
        // every plugin is ready.)
        editor.on('ready', () =>
          editor.commands.get('uploadImage')?.on(
            'execute',
            () => {
              const selected = editor.model.document.selection.getSelectedElement();
              if (!selected || !editor.plugins.get('ImageUtils').isImage(selected)) return;
              // A selection right after an image is moved back onto it: a new paragraph holds the place.
              editor.model.change((writer) => {
                const paragraph = writer.createElement('paragraph');
                writer.insert(paragraph, selected, 'after');
                writer.setSelection(paragraph, 'in');
              });
            },
            { priority: 'highest' },
          ),
        );
      },
    [api],
  );
  return (
    <div className="rich-text">
      <CKEditor
        editor={ClassicEditor}
        config={{ ...config, extraPlugins: [withUploads, withVideos], label, initialData: value }}
        onChange={(_, editor) => onChange(editor.getData())}
        onBlur={() => onBlur?.()}
      />
      {videoProgress !== null && (
        <p className="rich-text-progress">
          <label>
            Uploading the video <progress max={1} value={videoProgress} /> {Math.round(videoProgress * 100)}%
          </label>
        </p>
      )}
      {refused && (
        <p role="alert" className="rich-text-error">
          {refused}
        </p>
      )}
    </div>
  );
}
