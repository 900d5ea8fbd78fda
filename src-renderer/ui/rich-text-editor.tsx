import { Bold, Italic, Link2, List, ListOrdered } from 'lucide-react';
import { type Ref, useEffect, useRef } from 'react';
import styles from './rich-text-editor.module.css';

export interface RichTextEditorProps {
  id: string;
  /** The HTML the editor starts with; a different `resetKey` starts it again. */
  initialHtml: string;
  resetKey: string | number;
  onChange: (html: string) => void;
  onBlur?: () => void;
  editorRef?: Ref<HTMLDivElement>;
  labelId: string;
  /** The toolbar's name, after the field it formats ("Description formatting"). */
  toolbarLabel: string;
  'aria-describedby'?: string | undefined;
  'aria-invalid'?: boolean;
}

/** The region's HTML; a region with no text left (only a stray <br>) counts as empty. */
function htmlOf(region: HTMLElement | null): string {
  if (!region) return '';
  return region.textContent?.trim() ? region.innerHTML : '';
}

type Command = { command: string; label: string; icon: typeof Bold; shortcut?: string };

const COMMANDS: readonly Command[] = [
  { command: 'bold', label: 'Bold', icon: Bold, shortcut: 'Control+B' },
  { command: 'italic', label: 'Italic', icon: Italic, shortcut: 'Control+I' },
  { command: 'insertUnorderedList', label: 'Bulleted list', icon: List },
  { command: 'insertOrderedList', label: 'Numbered list', icon: ListOrdered },
];

/**
 * A small rich-text editor: an editable region with bold, italic, lists and links. It writes
 * HTML; the server keeps only its allow-list of tags.
 */
export function RichTextEditor({
  id,
  initialHtml,
  resetKey,
  onChange,
  onBlur,
  editorRef,
  labelId,
  toolbarLabel,
  ...aria
}: RichTextEditorProps) {
  const regionRef = useRef<HTMLDivElement | null>(null);

  // The region is uncontrolled while typing; it is filled again only when the form starts over.
  // biome-ignore lint/correctness/useExhaustiveDependencies: resetKey says when to start over
  useEffect(() => {
    if (regionRef.current) regionRef.current.innerHTML = initialHtml;
  }, [resetKey]);

  function run(command: string, value?: string) {
    regionRef.current?.focus();
    // execCommand is deprecated but remains the one editing API every engine supports.
    document.execCommand?.(command, false, value);
    onChange(htmlOf(regionRef.current));
  }

  function addLink() {
    const url = window.prompt('Link address (https://…)');
    if (url && /^https?:\/\//i.test(url.trim())) run('createLink', url.trim());
  }

  return (
    <div className={styles.editor}>
      <div className={styles.toolbar} role="toolbar" aria-label={toolbarLabel} aria-controls={id}>
        {COMMANDS.map(({ command, label, icon: Icon, shortcut }) => (
          <button
            key={command}
            type="button"
            className={styles.tool}
            aria-label={label}
            aria-keyshortcuts={shortcut}
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => run(command)}
          >
            <Icon size={16} aria-hidden="true" />
          </button>
        ))}
        <button
          type="button"
          className={styles.tool}
          aria-label="Link"
          onMouseDown={(event) => event.preventDefault()}
          onClick={addLink}
        >
          <Link2 size={16} aria-hidden="true" />
        </button>
      </div>
      {/* biome-ignore lint/a11y/useSemanticElements: a rich-text region cannot be a textarea; the role names it for assistive technology */}
      <div
        id={id}
        ref={(element) => {
          regionRef.current = element;
          if (typeof editorRef === 'function') editorRef(element);
          else if (editorRef) editorRef.current = element;
        }}
        className={styles.region}
        contentEditable
        suppressContentEditableWarning
        role="textbox"
        aria-multiline="true"
        aria-labelledby={labelId}
        tabIndex={0}
        onInput={(event) => onChange(htmlOf(event.currentTarget))}
        onBlur={onBlur}
        {...aria}
      />
    </div>
  );
}
