import { toast } from '@wanxiang/ui';
import { AUTH_LOGOUT_EVENT, api } from '../../../session/client';
import { chatText } from '../messages';
import { createApiBackend } from './backend';
import { ChatStore } from './chatStore';

/** Spec 01 §9: chat notices show for 3 s. */
export const CHAT_TOAST_MS = 3000;

let onTurnEnd: (() => void) | undefined;

/**
 * The app's one chat: the sidebar's history and the home page share it, so a session created on the
 * page appears (selected) in the sidebar and a deletion there clears the page.
 */
export const chatStore = new ChatStore({
  backend: createApiBackend(api),
  selectedModel: api.selectedModel,
  onInterrupted: () => toast.info(chatText.interrupted, { timeout: CHAT_TOAST_MS }),
  onTurnEnd: () => onTurnEnd?.(),
});

/** The page registers how to refresh the user's credits after a turn. */
export function setTurnEndHandler(handler: (() => void) | undefined) {
  onTurnEnd = handler;
}

let composerFocus: (() => void) | undefined;

/** The page registers how to put the caret in its input; a new chat started from the sidebar uses it. */
export function setComposerFocus(handler: (() => void) | undefined) {
  composerFocus = handler;
}

/** Puts the caret in the chat's input, when the chat page is on screen. */
export function focusComposer() {
  composerFocus?.();
}

// Whoever signs in next starts from a clean chat: no history, messages or banner of the previous user.
globalThis.addEventListener?.(AUTH_LOGOUT_EVENT, () => chatStore.reset());
