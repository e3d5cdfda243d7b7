import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import { mergeRegister } from '@lexical/utils';
import {
  AttachButton,
  FileChips,
  IconButton,
  Select,
  SelectItem,
  SendIcon,
  StopIcon,
  Switch,
  useFileDrop,
} from '@wanxiang/ui';
import { COMMAND_PRIORITY_EDITOR, type LexicalEditor } from 'lexical';
import { type KeyboardEvent, useEffect, useLayoutEffect, useRef } from 'react';
import { ACTIONS } from '../actions/actions';
import { isNarrowScreen } from '../constants';
import { t } from '../i18n/zh-CN';
import * as css from './Assistant.css';
import { ASSISTANT_QUICK_ACTION_COMMAND } from './commands';
import { $captureSelection, readDocument } from './documentContext';
import { quickActionPrompt } from './quickActions';
import { SelectionMenu } from './SelectionMenu';
import type { AssistantStore } from './store';
import { useAssistantState } from './useAssistantState';
import { useKeyboardInset } from './useKeyboardInset';

const a = t.assistant;

/** Sends the question in the box about the document, opening the panel where its answer shows. */
function sendQuestion(editor: LexicalEditor, store: AssistantStore) {
  if (!store.canSend()) return;
  const document = readDocument(editor, store.getState().selection);
  if (!store.getState().panelOpen) editor.dispatchCommand(ACTIONS.toggleRight.command, undefined);
  void store.send(document);
}
/** The question box grows up to three lines, then scrolls. */
export const QUESTION_MAX_ROWS = 3;

export interface AssistantDockProps {
  store: AssistantStore;
}

/**
 * The floating dock under the paper: the question box (Enter sends, Shift+Enter breaks the line), the model
 * select, the context toggle, and send (stop while an answer streams; everything else is disabled then).
 * It also follows the editor's selection for the assistant and answers the quick actions. When the
 * transport takes attachments, files come by the attach control or pasted or dropped on the dock, are
 * checked before anything is sent, and show as chips (removable, then the upload's progress).
 */
export function AssistantDock({ store }: AssistantDockProps) {
  const [editor] = useLexicalComposerContext();
  const state = useAssistantState(store);
  const {
    draft,
    models,
    modelId,
    contextEnabled,
    streaming,
    focusRequest,
    files,
    fileError,
    uploadProgress,
  } = state;
  const textarea = useRef<HTMLTextAreaElement>(null);
  const accept = store.attachAccept;
  const dockRef = useRef<HTMLDivElement>(null);
  useKeyboardInset(dockRef);

  useEffect(() => {
    if (store.getState().models.status === 'loading') void store.loadModels();
  }, [store]);

  // The selection the assistant would ask about. A quick action asks at once, as WPS AI does: its prompt
  // goes as the question about the selection; only when it cannot go yet (the models still loading, an
  // answer streaming) does it wait in the box for the user to send.
  useEffect(
    () =>
      mergeRegister(
        editor.registerUpdateListener(({ editorState }) => {
          const capture = editorState.read(() => $captureSelection());
          if (capture) store.setSelection(capture);
        }),
        editor.registerCommand(
          ASSISTANT_QUICK_ACTION_COMMAND,
          (action) => {
            const prompt = quickActionPrompt(action, store.getState().selection?.text ?? '');
            store.setDraft(prompt);
            if (store.canSend()) sendQuestion(editor, store);
            else store.prepare(prompt);
            return true;
          },
          COMMAND_PRIORITY_EDITOR,
        ),
      ),
    [editor, store],
  );

  useEffect(() => {
    if (focusRequest === 0) return;
    const element = textarea.current;
    if (!element) return;
    element.focus({ preventScroll: true });
    element.setSelectionRange(element.value.length, element.value.length);
  }, [focusRequest]);

  // The height follows the text, up to three lines.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every change of the text.
  useLayoutEffect(() => {
    const element = textarea.current;
    if (!element) return;
    element.style.height = 'auto';
    const computed = getComputedStyle(element);
    const lineHeight = Number.parseFloat(computed.lineHeight) || 22;
    const padding = Number.parseFloat(computed.paddingTop) + Number.parseFloat(computed.paddingBottom);
    const max = lineHeight * QUESTION_MAX_ROWS + padding;
    element.style.height = `${Math.min(element.scrollHeight, max)}px`;
    element.style.overflowY = element.scrollHeight > max ? 'auto' : 'hidden';
  }, [draft]);

  const send = () => sendQuestion(editor, store);

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Escape' && streaming) {
      event.preventDefault();
      store.stop();
      return;
    }
    if (event.key !== 'Enter' || event.shiftKey) return;
    // keyCode 229 is the Enter that ends an IME composition (Safari): it must not send.
    if (event.nativeEvent.isComposing || event.keyCode === 229) return;
    event.preventDefault();
    send();
  };

  const takesFiles = accept !== null && !streaming;
  const { dragging, dropProps, onPaste } = useFileDrop(takesFiles ? (files) => store.addFiles(files) : null);

  const ready = models.status === 'ready';
  return (
    <section className={css.dock} ref={dockRef} aria-label={a.dockLabel} {...dropProps}>
      <FileChips
        files={files}
        progress={uploadProgress}
        isDisabled={streaming}
        aria-label={a.attachments}
        onRemove={(id) => store.removeFile(id)}
      />
      {fileError ? (
        <p className={css.fileError} role="alert">
          {fileError}
        </p>
      ) : null}
      {dragging ? <p className={css.dropHint}>{a.dropHint}</p> : null}
      <textarea
        ref={textarea}
        className={css.textarea}
        rows={1}
        value={draft}
        disabled={streaming}
        aria-label={a.questionLabel}
        placeholder={isNarrowScreen() ? a.questionPlaceholderTouch : a.questionPlaceholder}
        onChange={(event) => store.setDraft(event.target.value)}
        onKeyDown={onKeyDown}
        onPaste={onPaste}
      />
      <div className={css.dockRow}>
        {accept !== null ? (
          <AttachButton
            label={a.attach}
            accept={accept}
            isDisabled={streaming}
            onFiles={(picked) => store.addFiles(picked)}
          />
        ) : null}
        {models.status === 'loading' ? (
          <span className={css.modelState} role="status">
            {a.modelsLoading}
          </span>
        ) : models.status === 'error' ? (
          <span className={css.modelError} role="alert">
            {models.message}
          </span>
        ) : (
          <Select
            aria-label={a.model}
            className={css.modelSelect}
            selectedKey={modelId}
            isDisabled={streaming}
            onSelectionChange={(key) => key !== null && store.setModel(String(key))}
            items={models.models}
          >
            {(model) => (
              <SelectItem id={model.id} textValue={model.name}>
                {model.name}
              </SelectItem>
            )}
          </Select>
        )}
        <Switch
          isSelected={contextEnabled && store.hasHistory}
          isDisabled={streaming || !store.hasHistory}
          onChange={(selected) => store.setContextEnabled(selected)}
          aria-description={store.hasHistory ? a.contextHint : a.contextUnavailable}
        >
          {a.context}
        </Switch>
        <span className={css.spacer} />
        {streaming ? (
          <IconButton key="stop" aria-label={a.stop} variant="secondary" onPress={() => store.stop()}>
            <StopIcon />
          </IconButton>
        ) : (
          <IconButton
            key="send"
            aria-label={a.send}
            variant="primary"
            isDisabled={!ready || (draft.trim() === '' && files.length === 0) || modelId === null}
            onPress={send}
          >
            <SendIcon />
          </IconButton>
        )}
      </div>
      <SelectionMenu store={store} />
    </section>
  );
}
