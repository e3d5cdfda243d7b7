import type { ApiClient } from '@wanxiang/api-client';
import { toast } from '@wanxiang/ui';
import { chatText } from '../messages';
import { createApiBackend } from './backend';
import type { ChatDeps } from './deps';

/** Chat notices show for 3 s. */
export const CHAT_TOAST_MS = 3000;

/**
 * The app's chat deps: the API client's endpoints, the 对话已中断 toast, and `onTurnEnd`, told when a turn
 * has spent credits. The sidebar's history and the home page read the same atoms of the app's store, so a
 * session created on the page appears (selected) in the sidebar and a deletion there clears the page.
 */
export function createChatDeps(
  api: Parameters<typeof createApiBackend>[0] & Pick<ApiClient, 'selectedModel'>,
  onTurnEnd: () => void,
): ChatDeps {
  return {
    backend: createApiBackend(api),
    selectedModel: api.selectedModel,
    onInterrupted: () => toast.info(chatText.interrupted, { timeout: CHAT_TOAST_MS }),
    onTurnEnd,
  };
}
