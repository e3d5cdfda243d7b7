import { atom } from 'jotai';
import type { ChatStore } from './chatStore';

/** Where a jotai store keeps its chat engine; apart from chatAtoms.ts so that /login's root layout stays light. */
export const engineSlotAtom = atom<ChatStore | null>(null);

/** The engine if this store has one yet, else null (on /login, before the signed-in shell has loaded). */
export const createdChatEngineAtom = atom((get) => get(engineSlotAtom));
