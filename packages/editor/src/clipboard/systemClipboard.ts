import { $getClipboardDataFromSelection } from '@lexical/clipboard';
import {
  $getSelection,
  $isNodeSelection,
  $isRangeSelection,
  CUT_TAG,
  type LexicalEditor,
  PASTE_COMMAND,
} from 'lexical';

/** How a menu's clipboard operation ended; every outcome but `done` is said to the user. */
export type ClipboardOutcome = 'done' | 'refused' | 'nothingSelected' | 'empty' | 'tooLarge';

/** The editor's own copies, read back with their Lexical JSON (the browser's custom-format clipboard). */
const LEXICAL_MIME = 'application/x-lexical-editor';
const WEB_LEXICAL_MIME = `web ${LEXICAL_MIME}`;

/** The largest clipboard content a menu paste reads (a whole book's text fits; a video's bytes do not). */
export const MAX_PASTE_CHARS = 20_000_000;

/** The async Clipboard API, or null where the page may not use it (an insecure context, an old browser). */
function clipboardApi(): Clipboard | null {
  if (typeof navigator === 'undefined' || typeof window === 'undefined') return null;
  if (!window.isSecureContext || !navigator.clipboard) return null;
  return navigator.clipboard;
}

const canWriteItems = (api: Clipboard) =>
  typeof api.write === 'function' && typeof ClipboardItem !== 'undefined';

function supportsType(type: string): boolean {
  return typeof ClipboardItem !== 'undefined' && typeof ClipboardItem.supports === 'function'
    ? ClipboardItem.supports(type)
    : false;
}

/**
 * Puts the selection on the system clipboard as HTML and plain text (and, where the browser keeps custom
 * formats, the editor's own JSON so a paste back here is exact), then for a cut removes it. The document
 * only changes once the clipboard took the content: a refusal loses nothing.
 */
export async function copySelection(editor: LexicalEditor, cut: boolean): Promise<ClipboardOutcome> {
  const data = editor.read(() => {
    const selection = $getSelection();
    if (!selection || ($isRangeSelection(selection) && selection.isCollapsed())) return null;
    return $getClipboardDataFromSelection(selection);
  });
  if (!data || (!data['text/plain'] && !data['text/html'])) return 'nothingSelected';
  const api = clipboardApi();
  if (!api) return 'refused';
  try {
    if (canWriteItems(api)) {
      const blobs: Record<string, Blob> = {
        'text/plain': new Blob([data['text/plain']], { type: 'text/plain' }),
      };
      if (data['text/html']) blobs['text/html'] = new Blob([data['text/html']], { type: 'text/html' });
      const lexical = data[LEXICAL_MIME];
      if (lexical && supportsType(WEB_LEXICAL_MIME)) {
        try {
          await api.write([
            new ClipboardItem({
              ...blobs,
              [WEB_LEXICAL_MIME]: new Blob([lexical], { type: WEB_LEXICAL_MIME }),
            }),
          ]);
        } catch {
          // Custom formats may be refused where HTML and text are not: the copy is then those two.
          await api.write([new ClipboardItem(blobs)]);
        }
      } else await api.write([new ClipboardItem(blobs)]);
    } else if (typeof api.writeText === 'function') {
      await api.writeText(data['text/plain']);
    } else return 'refused';
  } catch {
    return 'refused';
  }
  if (cut)
    editor.update(
      () => {
        const selection = $getSelection();
        if ($isRangeSelection(selection)) selection.removeText();
        else if ($isNodeSelection(selection)) for (const node of selection.getNodes()) node.remove();
      },
      // Its own undo step, as a Ctrl+X cut.
      { tag: CUT_TAG },
    );
  return 'done';
}

/**
 * The clipboard's items. HTML is asked for unsanitized, as a Ctrl+V paste event gives it: the browser's
 * sanitizer would parse it in the page (where the Content-Security-Policy reports every style attribute)
 * and drop what Word and WPS write besides; the paste handling reads it in a detached document anyway.
 * A browser that does not know the option reads as usual.
 */
async function readItems(api: Clipboard, plain: boolean): Promise<ClipboardItems> {
  if (plain) return api.read();
  const read = api.read as (options?: { unsanitized?: string[] }) => Promise<ClipboardItems>;
  try {
    return await read.call(api, { unsanitized: ['text/html'] });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'NotAllowedError') throw error;
    return api.read();
  }
}

/** The clipboard's content by type, read through the async API (throws where the browser refuses). */
async function readClipboard(api: Clipboard, plain: boolean): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  let size = 0;
  const keep = (type: string, text: string) => {
    size += text.length;
    if (size > MAX_PASTE_CHARS) throw new RangeError('clipboard too large');
    out.set(type, text);
  };
  if (typeof api.read === 'function') {
    for (const item of await readItems(api, plain)) {
      const wanted = plain ? ['text/plain'] : ['text/plain', 'text/html', WEB_LEXICAL_MIME];
      for (const type of wanted) {
        if (!item.types.includes(type) || out.has(type)) continue;
        const blob = await item.getType(type);
        if (blob.size > MAX_PASTE_CHARS) throw new RangeError('clipboard too large');
        keep(type, await blob.text());
      }
    }
    return out;
  }
  if (typeof api.readText === 'function') keep('text/plain', await api.readText());
  return out;
}

/**
 * Pastes the system clipboard at the selection through the editor's own paste handling, exactly as a
 * Ctrl+V does: the content becomes the clipboard data of a paste event given to Lexical's PASTE_COMMAND,
 * so Word/WPS HTML keeps its formatting (PastePlugin), the editor's own copies come back whole, and code
 * blocks and lists get their special rules. `plain` gives the paste only the text.
 */
export async function pasteFromClipboard(editor: LexicalEditor, plain: boolean): Promise<ClipboardOutcome> {
  const api = clipboardApi();
  if (!api || (typeof api.read !== 'function' && typeof api.readText !== 'function')) return 'refused';
  let content: Map<string, string>;
  try {
    content = await readClipboard(api, plain);
  } catch (error) {
    return error instanceof RangeError ? 'tooLarge' : 'refused';
  }
  const text = content.get('text/plain') ?? '';
  const html = plain ? '' : (content.get('text/html') ?? '');
  const lexical = plain ? '' : (content.get(WEB_LEXICAL_MIME) ?? '');
  if (!text && !html && !lexical) return 'empty';
  const transfer = new DataTransfer();
  transfer.setData('text/plain', text);
  if (html) transfer.setData('text/html', html);
  if (lexical) transfer.setData(LEXICAL_MIME, lexical);
  editor.dispatchCommand(PASTE_COMMAND, new ClipboardEvent('paste', { clipboardData: transfer }));
  return 'done';
}
