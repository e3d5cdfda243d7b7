import { createContext, useContext } from 'react';

/** Who asks in this chat, for the badge beside their questions: the name its monogram comes from, the picture. */
export interface ChatUser {
  /** The nickname, or the email without one (as the user menu names them). */
  name: string;
  avatarUrl: string | null;
}

/**
 * The signed-in user on the chat page (HomePage, from useCurrentUser), a fixture in stories. Without a
 * provider, or before the user is known, the questions show no badge.
 */
export const ChatUserContext = createContext<ChatUser | null>(null);

export const useChatUser = () => useContext(ChatUserContext);
