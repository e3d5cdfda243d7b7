import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import { Button, VisuallyHidden } from '@wanxiang/ui';
import { COMMAND_PRIORITY_HIGH, type EditorState, HISTORIC_TAG, type LexicalEditor } from 'lexical';
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { ACTIONS, ASSISTANT_ACTIONS } from '../actions/actions';
import { t } from '../i18n/zh-CN';
import * as css from './Assistant.css';
import { applyAnswer, canReplace } from './applyAnswer';
import { quickActionLabel } from './quickActions';
import type { AssistantStore, AssistantTurn } from './store';
import { useAssistantState } from './useAssistantState';

const a = t.assistant;

/*
 * The answers are rendered by the chat's renderer, @wanxiang/markdown (sanitized, streamed block by block,
 * KaTeX and Mermaid on demand). It comes with the first answer shown, not with the editor: a user who never
 * asks the assistant never downloads it. Until it has arrived the answer shows as plain text.
 */
// Pure: a host that shows no assistant drops it, and the renderer's chunk with it, from its bundle.
const Markdown = /* @__PURE__ */ lazy(() =>
  import('@wanxiang/markdown').then((module) => ({ default: module.Markdown })),
);

function Answer({ text, streaming }: { text: string; streaming: boolean }) {
  return (
    <Suspense fallback={<pre className={css.plainAnswer}>{text}</pre>}>
      <Markdown text={text} status={streaming ? 'streaming' : 'done'} />
    </Suspense>
  );
}

export interface AssistantPanelProps {
  store: AssistantStore;
}

/**
 * The names of the files a question came with (their text went to the model; the files are not kept).
 * Phrasing content only: in the history it sits inside a button.
 */
function QuestionFiles({ files }: { files: AssistantTurn['files'] }) {
  if (files.length === 0) return null;
  return (
    <span className={css.questionFiles}>
      <VisuallyHidden>{a.questionFiles}：</VisuallyHidden>
      {files.map((file, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: two files may share a name; their order is fixed
        <span key={index} className={css.questionFile} title={file.name} data-question-file="">
          {file.name}
        </span>
      ))}
    </span>
  );
}

type ApplyStep = { step: 'idle'; message?: string } | { step: 'preview' };

/** The document's content (not its selection), to tell whether an undo took an applied answer away. */
const contentOf = (state: EditorState) => JSON.stringify(state.toJSON().root);

/**
 * Says 已写入文档 after an answer is written, and takes it back when the user undoes the writing (Ctrl+Z,
 * 撤销): the document is then as it was before, and the panel offers to apply again; a redo says it again.
 */
function useAppliedMessage(editor: LexicalEditor, setApply: (step: ApplyStep) => void) {
  const written = useRef<{ before: string; after: string } | null>(null);
  useEffect(
    () =>
      editor.registerUpdateListener(({ editorState, tags }) => {
        const around = written.current;
        if (!around || !tags.has(HISTORIC_TAG)) return;
        const now = contentOf(editorState);
        if (now === around.before) setApply({ step: 'idle' });
        else if (now === around.after) setApply({ step: 'idle', message: a.applied });
      }),
    [editor, setApply],
  );
  return {
    /** Runs the writing; true when it wrote the answer (the message is the caller's to show). */
    write(run: () => boolean) {
      const before = contentOf(editor.getEditorState());
      const applied = run();
      written.current = applied ? { before, after: contentOf(editor.getEditorState()) } : written.current;
      return applied;
    },
    forget() {
      written.current = null;
    },
  };
}

/**
 * The editor's right panel: the assistant's current question and answer (Markdown, refreshed as it
 * streams, scrolled along), its status, this document's earlier turns, the quick actions on the selection,
 * and Apply. Closing the panel clears the current chat.
 */
export function AssistantPanel({ store }: AssistantPanelProps) {
  const [editor] = useLexicalComposerContext();
  const state = useAssistantState(store);
  const { current, streaming, view, history, selection } = state;
  const headingId = useId();
  const bodyRef = useRef<HTMLDivElement>(null);
  const [apply, setApply] = useState<ApplyStep>({ step: 'idle' });
  const applied = useAppliedMessage(editor, setApply);

  useEffect(() => store.panelMounted(), [store]);
  // The history view starts with the document's earlier turns kept by the server (a cloud document).
  useEffect(() => {
    void store.loadHistory();
  }, [store]);
  // The user's closing the panel clears the current chat. The toggle runs while this panel
  // shows, so it closes it; the command goes on to the editor, which hides the panel.
  useEffect(
    () =>
      editor.registerCommand(
        ACTIONS.toggleRight.command,
        () => {
          store.clear();
          return false;
        },
        COMMAND_PRIORITY_HIGH,
      ),
    [editor, store],
  );

  // Another answer, another Apply (the state is reset while rendering, as React advises for this).
  const turnId = current?.id;
  const [applyFor, setApplyFor] = useState(turnId);
  if (applyFor !== turnId) {
    setApplyFor(turnId);
    setApply({ step: 'idle' });
    applied.forget();
  }

  const answer = current?.answer ?? '';
  useEffect(() => {
    const body = bodyRef.current;
    if (body && streaming && answer !== '') body.scrollTop = body.scrollHeight;
  }, [answer, streaming]);

  const selectedText = selection?.text ?? '';
  const translateLabel = selectedText === '' ? a.quick.translate : undefined;
  const showApply = !streaming && current !== null && answer.trim() !== '';
  const replaceable = showApply && canReplace(editor, current.selection);

  const insert = (turn: AssistantTurn) => {
    const ok = applied.write(
      () => applyAnswer(editor, turn.answer, { mode: 'insert', capture: turn.selection }) === 'applied',
    );
    setApply({ step: 'idle', ...(ok ? { message: a.applied } : {}) });
  };
  const replace = (turn: AssistantTurn) => {
    const ok = applied.write(
      () => applyAnswer(editor, turn.answer, { mode: 'replace', capture: turn.selection }) === 'applied',
    );
    setApply({ step: 'idle', message: ok ? a.applied : a.selectionChanged });
  };

  return (
    <section className={css.panel} aria-labelledby={headingId}>
      <div className={css.header}>
        <h2 id={headingId} className={css.heading}>
          {a.title}
        </h2>
        <span className={css.status} role="status">
          {current ? (streaming ? a.streaming : a.done) : ''}
        </span>
        <Button
          size="sm"
          variant="ghost"
          aria-pressed={view === 'history'}
          onPress={() => store.setView(view === 'history' ? 'current' : 'history')}
        >
          {view === 'history' ? a.current : a.history}
        </Button>
      </div>

      <fieldset className={css.quickRow} disabled={streaming} style={{ border: 'none', margin: 0 }}>
        <legend className={css.quickLabel}>
          {a.quickActions}
          {selectedText === '' ? `（${a.quickNeedsSelection}）` : ''}
        </legend>
        {ASSISTANT_ACTIONS.map(({ action, entry }) => (
          <Button
            key={action}
            size="sm"
            isDisabled={streaming || selectedText === ''}
            onPress={() => editor.dispatchCommand(entry.command, undefined)}
          >
            {(action === 'translate' && translateLabel) || quickActionLabel(action, selectedText)}
          </Button>
        ))}
      </fieldset>

      <section
        className={css.body}
        ref={bodyRef}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scroll container must be focusable (axe scrollable-region-focusable).
        tabIndex={0}
        aria-label={view === 'history' ? a.history : a.current}
      >
        {view === 'history' ? (
          history.length === 0 ? (
            <p className={css.empty}>{a.historyEmpty}</p>
          ) : (
            <ul className={css.historyList}>
              {[...history].reverse().map((turn) => (
                <li key={turn.id}>
                  <button type="button" className={css.historyItem} onClick={() => store.reopen(turn.id)}>
                    <span className={css.historyTime}>
                      {new Date(turn.timestamp).toLocaleTimeString('zh-CN', {
                        hour: '2-digit',
                        minute: '2-digit',
                      })}
                    </span>
                    <strong>{turn.question}</strong>
                    <QuestionFiles files={turn.files} />
                    <span className={css.historyAnswer}>{turn.answer}</span>
                  </button>
                </li>
              ))}
            </ul>
          )
        ) : current ? (
          <>
            <div className={css.question}>
              <VisuallyHidden>{a.you}：</VisuallyHidden>
              {current.selection?.text ? (
                <blockquote className={css.quote} aria-label={a.selectionQuote}>
                  {current.selection.text}
                </blockquote>
              ) : null}
              {current.question}
              <QuestionFiles files={current.files} />
            </div>
            <section className={css.answer} aria-label={a.answer} aria-busy={streaming}>
              <Answer text={answer} streaming={streaming} />
            </section>
            {current.note ? <p className={css.note}>{a.documentNote(current.note)}</p> : null}
            {apply.step === 'preview' && current.selection ? (
              <section className={css.preview} aria-label={a.previewTitle}>
                <span className={css.previewLabel}>{a.previewOld}</span>
                <del className={css.deleted}>{current.selection.text}</del>
                <span className={css.previewLabel}>{a.previewNew}</span>
                <ins className={css.inserted}>
                  <Answer text={answer} streaming={false} />
                </ins>
                <div className={css.dockRow}>
                  <Button size="sm" variant="primary" onPress={() => replace(current)}>
                    {a.accept}
                  </Button>
                  <Button size="sm" onPress={() => setApply({ step: 'idle' })}>
                    {a.reject}
                  </Button>
                </div>
              </section>
            ) : null}
          </>
        ) : (
          <p className={css.empty}>{a.empty}</p>
        )}
      </section>

      {view === 'current' && showApply && apply.step === 'idle' ? (
        <div className={css.footer}>
          {replaceable ? (
            <>
              <Button size="sm" variant="primary" onPress={() => setApply({ step: 'preview' })}>
                {a.replace}
              </Button>
              <Button size="sm" onPress={() => insert(current)}>
                {a.insertBelow}
              </Button>
            </>
          ) : (
            <Button size="sm" variant="primary" onPress={() => insert(current)}>
              {a.apply}
            </Button>
          )}
          {apply.message ? (
            <span className={css.message} role="status">
              {apply.message}
            </span>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
