/**
 * The page bench/editor.bench.ts drives in Chromium: the 万象 word processor (in 页面视图, as documents
 * open, and in 连续视图) and a bare Lexical rich-text editor, each opened on the same 100-page Chinese
 * document, with timing functions on `window.editorBench`.
 */
import '@wanxiang/ui';
import { LexicalComposer } from '@lexical/react/LexicalComposer';
import { ContentEditable } from '@lexical/react/LexicalContentEditable';
import { EditorRefPlugin } from '@lexical/react/LexicalEditorRefPlugin';
import { LexicalErrorBoundary } from '@lexical/react/LexicalErrorBoundary';
import { HistoryPlugin } from '@lexical/react/LexicalHistoryPlugin';
import { ListPlugin } from '@lexical/react/LexicalListPlugin';
import { RichTextPlugin } from '@lexical/react/LexicalRichTextPlugin';
import { TablePlugin } from '@lexical/react/LexicalTablePlugin';
import {
  $getRoot,
  $isElementNode,
  $parseSerializedNode,
  type LexicalEditor,
  type LexicalNode,
  type SerializedLexicalNode,
} from 'lexical';
import { createRoot, type Root } from 'react-dom/client';
import { createMemoryDocumentRepository, WordEditor } from '../src';
import { EDITOR_NAMESPACE, editorNodes, editorTheme } from '../src/model/config';
import { largeChineseDocument } from './fixture';

/** ours: the word processor as documents open (页面视图); continuous: in 连续视图; bare: bare Lexical. */
export type EditorKind = 'ours' | 'continuous' | 'bare';

const stage = document.getElementById('stage') as HTMLElement;
let root: Root | null = null;
let editor: LexicalEditor | null = null;
const doc = largeChineseDocument(100);
const emptyDoc = largeChineseDocument(1);
const repository = createMemoryDocumentRepository();
const samples: number[] = [];
/** When the last open began. */
let openedAt = 0;

const nextPaint = () =>
  new Promise<number>((resolve) =>
    requestAnimationFrame(() => setTimeout(() => resolve(performance.now()), 0)),
  );

function mount(kind: EditorKind, onReady: (e: LexicalEditor) => void, small = false) {
  root?.unmount();
  stage.replaceChildren();
  editor = null;
  const container = document.createElement('div');
  container.style.height = '100%';
  stage.append(container);
  root = createRoot(container);
  const json = small ? emptyDoc.state : doc.state;
  if (kind !== 'bare') {
    root.render(
      <WordEditor
        documentId="bench"
        initialTitle="基准文档"
        initialContent={{ version: '2.0.0', editorState: json }}
        initialView={kind === 'ours' ? 'page' : 'continuous'}
        onSave={async (content, title) => {
          await repository.save('bench', 'bench', content, title);
        }}
        onBack={() => {}}
        onEditorReady={onReady}
      />,
    );
  } else {
    root.render(
      <LexicalComposer
        initialConfig={{
          namespace: `${EDITOR_NAMESPACE}-bare`,
          nodes: [...editorNodes],
          theme: editorTheme,
          onError: (error: Error) => {
            throw error;
          },
          editorState: JSON.stringify(json),
        }}
      >
        <div style={{ height: '100%', overflow: 'auto' }}>
          <RichTextPlugin
            contentEditable={
              <ContentEditable
                style={{ width: 794, margin: '0 auto', padding: '96px 90px', outline: 'none' }}
              />
            }
            ErrorBoundary={LexicalErrorBoundary}
          />
        </div>
        <HistoryPlugin />
        <ListPlugin />
        <TablePlugin />
        <EditorRefPlugin
          editorRef={(e) => {
            if (e) onReady(e);
          }}
        />
      </LexicalComposer>,
    );
  }
}

/**
 * Milliseconds from mounting the editor on the stored snapshot to the first paint of its content; in page
 * view, to the first paint of its sheets (the ones in view laid out, the gaps open). The sheets are looked
 * for in each frame, after the page view's own frame callback: the frame they first appear in is the one
 * timed (looked for between frames, a task that runs after that frame, such as the editor's first save
 * baseline, would be timed too, where 连续视图's figure ends before it).
 */
async function open(kind: EditorKind, small = false): Promise<number> {
  const start = performance.now();
  openedAt = start;
  await new Promise<void>((resolve) =>
    mount(
      kind,
      (e) => {
        editor = e;
        resolve();
      },
      small,
    ),
  );
  while (!stage.querySelector('[contenteditable] h1')) await new Promise((r) => setTimeout(r, 0));
  if (kind !== 'ours' || small) return (await nextPaint()) - start;
  while (stage.querySelectorAll('[data-wx-sheets] > div').length < 2)
    await new Promise((r) => requestAnimationFrame(r));
  // In the frame's callbacks: the frame is painted before the timer runs.
  return (await new Promise<number>((resolve) => setTimeout(() => resolve(performance.now()), 0))) - start;
}

/**
 * After `open('ours')`: milliseconds from its mounting to every sheet laid out and painted (the ones below
 * the screen are laid out when the browser is idle, a few at a time).
 */
async function allSheets(): Promise<number> {
  while (stage.querySelector('[data-wx-page-pending]')) await new Promise((r) => setTimeout(r, 0));
  return (await nextPaint()) - openedAt;
}

/**
 * A paste of 20 pages at the top, as one update that leaves the caret after the pasted text (what a paste
 * is; Lexical scrolls the caret into view): milliseconds from the update to the next painted frame, by
 * which the page view has laid out the sheets in view (in the update's listener, before the frame), and to
 * the frame after it has laid out every sheet below them (when the browser was next idle). Returns both
 * times and the count of sheets before and after.
 */
async function pasteAtTop(): Promise<{ ms: number; all: number; sheets: number; before: number }> {
  const e = editor;
  if (!e) throw new Error('no editor');
  const blocks = (doc.state.root as unknown as { children: SerializedLexicalNode[] }).children;
  const twentyPages = blocks.slice(0, Math.floor(blocks.length / 5));
  const sheets = () => stage.querySelectorAll('[data-wx-sheets] > div').length;
  const before = sheets();
  await nextPaint();
  const start = performance.now();
  e.update(
    () => {
      const first = $getRoot().getFirstChild();
      let last: LexicalNode | undefined;
      for (const json of twentyPages) {
        last = $parseSerializedNode(json);
        first?.insertBefore(last);
      }
      if ($isElementNode(last)) last.selectEnd();
    },
    { discrete: true },
  );
  const ms = (await nextPaint()) - start;
  while (stage.querySelector('[data-wx-page-pending]')) await new Promise((r) => setTimeout(r, 0));
  const all = (await nextPaint()) - start;
  return { ms, all, sheets: sheets(), before };
}

/** Puts the caret at the end of a body paragraph in the middle of the document and focuses it. */
async function placeCaret(): Promise<void> {
  const e = editor;
  if (!e) throw new Error('no editor');
  e.update(() => {
    const blocks = $getRoot().getChildren();
    const middle = blocks.slice(Math.floor(blocks.length / 2)).find((b) => b.getType() === 'paragraph');
    if ($isElementNode(middle)) middle.selectEnd();
  });
  e.focus();
  await nextPaint();
  e.getRootElement()
    ?.ownerDocument.getSelection()
    ?.focusNode?.parentElement?.scrollIntoView({ block: 'center' });
  await nextPaint();
}

/** Each beforeinput's time to the next frame: the key-to-paint latency the user feels. */
document.addEventListener(
  'beforeinput',
  () => {
    const start = performance.now();
    // A message posted in the frame's rAF is delivered right after that frame renders (no timer clamping).
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => samples.push(performance.now() - start);
      channel.port2.postMessage(null);
    });
  },
  true,
);

/**
 * The browser's own key-to-paint figure (Event Timing, as INP uses): only events of 16 ms or more are
 * reported, so every entry here is a keystroke that missed the 16 ms budget.
 */
const slowInputs: number[] = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    if (entry.name === 'beforeinput' || entry.name === 'keydown') slowInputs.push(entry.duration);
  }
}).observe({ type: 'event', durationThreshold: 16, buffered: false } as PerformanceObserverInit);

window.editorBench = {
  ready: true,
  chars: doc.chars,
  open,
  allSheets,
  placeCaret,
  pasteAtTop,
  resetSamples: () => {
    samples.length = 0;
    slowInputs.length = 0;
  },
  slowInputs: () => [...slowInputs],
  samples: () => [...samples],
  text: () => editor?.getEditorState().read(() => $getRoot().getTextContent().length) ?? 0,
};

declare global {
  interface Window {
    editorBench: {
      ready: true;
      chars: number;
      open(kind: EditorKind, small?: boolean): Promise<number>;
      allSheets(): Promise<number>;
      placeCaret(): Promise<void>;
      pasteAtTop(): Promise<{ ms: number; all: number; sheets: number; before: number }>;
      resetSamples(): void;
      slowInputs(): number[];
      samples(): number[];
      text(): number;
    };
  }
}
