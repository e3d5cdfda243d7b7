import { atom, type Getter, type PrimitiveAtom, type Setter } from 'jotai';
import type { LoadStatus } from './models';
import type { ChatMessage } from './types';

/** The open conversation's: as a load, or `missing` when the chat the address names does not exist. */
export type ConversationStatus = LoadStatus | 'missing';

export interface ConversationState {
  status: ConversationStatus;
  messageIds: readonly string[];
}

export const initialConversation: ConversationState = { status: 'ready', messageIds: [] };

/** The open chat's session; null for a new chat (the welcome screen until its first question). */
export const currentSessionIdAtom = atom<string | null>(null);

/** The open conversation: its load status and its messages' ids, in order. */
export const conversationAtom = atom<ConversationState>(initialConversation);

export const messageIdsAtom = atom((get) => get(conversationAtom).messageIds);

/** Bumped whenever another conversation replaces the open one: a load for the one before is dropped. */
export const conversationTokenAtom = atom(0);

/**
 * The open chat the chat chose by itself (the session a new chat's first turn created, a new chat after
 * the open one was deleted), so that the address can follow. A chat the user asked for (openSession,
 * newChat) is not told: the address led there already. A new object each time, so that every choice is
 * told, even of the same chat.
 */
export const sessionChosenAtom = atom<{ id: string | null } | null>(null);

/*
 * Each message has an atom of its own, apart from the conversation's ids: a streaming answer changes its
 * own atom and no other, so only its row re-renders. The atoms are made once per id, for every store
 * (the value is each store's); a message that leaves the conversation has its value cleared.
 */
const messageAtoms = new Map<string, PrimitiveAtom<ChatMessage | undefined>>();

/** The message `id` of the open conversation (undefined when it has none of that id). */
export function messageAtom(id: string): PrimitiveAtom<ChatMessage | undefined> {
  let found = messageAtoms.get(id);
  if (!found) {
    found = atom<ChatMessage | undefined>(undefined);
    messageAtoms.set(id, found);
  }
  return found;
}

/** Stores a message's new value: its row re-renders, no other. */
export function putMessage(set: Setter, message: ChatMessage): void {
  set(messageAtom(message.id), message);
}

/** Shows `messages` as the open conversation, in place of what it showed. */
export function replaceConversation(
  get: Getter,
  set: Setter,
  messages: readonly ChatMessage[],
  status: ConversationStatus,
): void {
  const ids = new Set(messages.map((m) => m.id));
  for (const id of get(conversationAtom).messageIds) {
    if (!ids.has(id)) set(messageAtom(id), undefined);
  }
  for (const message of messages) set(messageAtom(message.id), message);
  set(conversationAtom, { status, messageIds: messages.map((m) => m.id) });
}

/** The open conversation's messages, in order (for an export: a row reads its own message's atom). */
export const conversationMessagesAtom = atom((get) =>
  get(messageIdsAtom).flatMap((id) => get(messageAtom(id)) ?? []),
);

/** Tells the address the chat chose chat `id` (null: a new chat) by itself. */
export function choseSession(set: Setter, id: string | null): void {
  set(sessionChosenAtom, { id });
}
