import { createCommand, type LexicalCommand } from 'lexical';
import type { QuickAction } from './quickActions';

/** Asks a quick action's prompt about the selection at once; the assistant's dock handles it. */
export const ASSISTANT_QUICK_ACTION_COMMAND: LexicalCommand<QuickAction> =
  createCommand('wx:assistant.quick');
