export { AssistantDock, type AssistantDockProps } from './AssistantDock';
export { AssistantPanel, type AssistantPanelProps } from './AssistantPanel';
export { type ApplyResult, applyAnswer, canReplace, markdownToSerializedNodes } from './applyAnswer';
export { type DocumentSnapshot, readDocument, type SelectionCapture } from './documentContext';
export {
  isMostlyChinese,
  QUICK_ACTIONS,
  type QuickAction,
  quickActionLabel,
  quickActionPrompt,
} from './quickActions';
export { ANSWER_REFRESH_MS, type AssistantState, AssistantStore, type AssistantTurn } from './store';
export {
  type AskOptions,
  type AssistantAttachments,
  AssistantError,
  type AssistantEvent,
  type AssistantFile,
  type AssistantHistoryTurn,
  type AssistantModel,
  type AssistantQuestion,
  type AssistantTransport,
  ModelsError,
} from './types';
