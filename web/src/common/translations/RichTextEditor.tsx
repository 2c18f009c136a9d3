import { CKEditor } from '@ckeditor/ckeditor5-react';
import {
  Alignment,
  AutoImage,
  Autoformat,
  BlockQuote,
  Bold,
  ClassicEditor,
  Essentials,
  Heading,
  ImageBlock,
  ImageCaption,
  ImageInline,
  ImageResize,
  ImageStyle,
  ImageToolbar,
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
    AutoImage,
    MediaEmbed,
    PasteFromOffice,
    Autoformat,
  ],
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
    'mediaEmbed',
    '|',
    'undo',
    'redo',
  ],
  table: { contentToolbar: ['tableColumn', 'tableRow', 'mergeTableCells'] },
  image: { toolbar: ['imageStyle:inline', 'imageStyle:block', 'toggleImageCaption', 'imageTextAlternative'] },
  link: { addTargetToExternalLinks: true, defaultProtocol: 'https://' },
};

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
  return (
    <div className="rich-text">
      <CKEditor
        editor={ClassicEditor}
        config={{ ...config, label, initialData: value }}
        onChange={(_, editor) => onChange(editor.getData())}
        onBlur={() => onBlur?.()}
      />
    </div>
  );
}
