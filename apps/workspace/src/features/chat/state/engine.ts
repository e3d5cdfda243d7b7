import type { ApiClient } from '@wanxiang/api-client';
import { toast } from '@wanxiang/ui';
import { chatText } from '../messages';
import { createApiBackend } from './backend';
import { ChatStore } from './chatStore';

/** Chat notices show for 3 s. */
export const CHAT_TOAST_MS = 3000;

/**
 * The app's chat engine: the sidebar's history and the home page share it, so a session created on the
 * page appears (selected) in the sidebar and a deletion there clears the page. `onTurnEnd` is told when a
 * turn has spent credits.
 */
export function createChatEngine(
  api: Pick<ApiClient, 'models' | 'dialogue' | 'selectedModel'>,
  onTurnEnd: () => void,
): ChatStore {
  return new ChatStore({
    backend: createApiBackend(api),
    selectedModel: api.selectedModel,
    onInterrupted: () => toast.info(chatText.interrupted, { timeout: CHAT_TOAST_MS }),
    onTurnEnd,
  });
}
