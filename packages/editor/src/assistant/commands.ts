import { createCommand, type LexicalCommand } from 'lexical';
import type { QuickAction } from './quickActions';

/** Puts a quick action's prompt in the assistant's question box; the assistant's dock handles it. */
export const ASSISTANT_QUICK_ACTION_COMMAND: LexicalCommand<QuickAction> =
  createCommand('wx:assistant.quick');
