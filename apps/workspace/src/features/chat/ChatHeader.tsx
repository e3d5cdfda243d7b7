import { IconButton, Menu, MenuItem, MenuTrigger, MoreIcon, toast } from '@wanxiang/ui';
import { useSetAtom, useStore } from 'jotai';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import * as styles from './HomePage.css';
import { chatText } from './messages';
import { RenameDialog } from './RenameDialog';
import { conversationMessagesAtom } from './state/conversation';
import { chatToMarkdown, downloadText, exportFileName } from './state/exportMarkdown';
import { sessionTitle } from './state/format';
import { renameSessionAtom } from './state/sessions';

export interface ChatHeaderProps {
  sessionId: string;
  /** The stored title; null when the chat has none yet (or it is not in the loaded history). */
  title: string | null;
}

/** The open chat's name in the top bar, with its actions: 重命名, 导出为 Markdown and 在文档中打开. */
export function ChatHeader({ sessionId, title }: ChatHeaderProps) {
  const [isRenaming, setRenaming] = useState(false);
  const navigate = useNavigate();
  const store = useStore();
  const renameSession = useSetAtom(renameSessionAtom);
  const shown = sessionTitle(title);
  const currentMessages = () => store.get(conversationMessagesAtom);
  /**
   * A new local document with the chat's content; the chat itself is left as it is. The word processor's
   * Markdown import and the document store load here, on first use: the chat does not carry the editor.
   */
  const openInDocument = async () => {
    // The chat as it is at the click, whatever arrives while the code loads.
    const messages = currentMessages();
    try {
      const [{ chatToDocument }, { currentOwner, documentRepository }] = await Promise.all([
        import('./state/chatDocument'),
        import('../documents/repository'),
      ]);
      const { content, title: documentTitle } = chatToDocument(shown, messages);
      const record = await documentRepository.create(currentOwner(), { title: documentTitle, content });
      navigate(`/document/${encodeURIComponent(record.id)}`);
    } catch {
      toast.error(chatText.openInDocumentFailed);
    }
  };
  return (
    <div className={styles.chatTitle}>
      <h1 className={styles.chatTitleText} title={shown}>
        {shown}
      </h1>
      <MenuTrigger>
        <IconButton aria-label={chatText.chatActions} size="sm" variant="ghost">
          <MoreIcon />
        </IconButton>
        <Menu
          placement="bottom end"
          onAction={(key) => {
            if (key === 'rename') setRenaming(true);
            else if (key === 'export') {
              downloadText(exportFileName(shown), chatToMarkdown(shown, currentMessages()));
              toast.success(chatText.exported, { timeout: 1500 });
            } else if (key === 'document') void openInDocument();
          }}
        >
          <MenuItem id="rename">{chatText.rename}</MenuItem>
          <MenuItem id="export">{chatText.exportMarkdown}</MenuItem>
          <MenuItem id="document">{chatText.openInDocument}</MenuItem>
        </Menu>
      </MenuTrigger>
      <RenameDialog
        isOpen={isRenaming}
        onOpenChange={setRenaming}
        title={title}
        onRename={(name) => renameSession(sessionId, name)}
      />
    </div>
  );
}
