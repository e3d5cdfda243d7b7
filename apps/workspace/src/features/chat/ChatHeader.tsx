import { IconButton, Menu, MenuItem, MenuTrigger, MoreIcon, toast } from '@wanxiang/ui';
import { useState } from 'react';
import * as styles from './HomePage.css';
import { chatText } from './messages';
import { RenameDialog } from './RenameDialog';
import type { ChatStore } from './state/chatStore';
import { chatToMarkdown, downloadText, exportFileName } from './state/exportMarkdown';
import { sessionTitle } from './state/format';

export interface ChatHeaderProps {
  chat: ChatStore;
  sessionId: string;
  /** The stored title; null when the chat has none yet (or it is not in the loaded history). */
  title: string | null;
}

/** The open chat's name in the top bar, with its actions: 重命名 and 导出为 Markdown. */
export function ChatHeader({ chat, sessionId, title }: ChatHeaderProps) {
  const [isRenaming, setRenaming] = useState(false);
  const shown = sessionTitle(title);
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
              const { messageIds } = chat.getState().conversation;
              const messages = messageIds.flatMap((id) => chat.getMessage(id) ?? []);
              downloadText(exportFileName(shown), chatToMarkdown(shown, messages));
              toast.success(chatText.exported, { timeout: 1500 });
            }
          }}
        >
          <MenuItem id="rename">{chatText.rename}</MenuItem>
          <MenuItem id="export">{chatText.exportMarkdown}</MenuItem>
        </Menu>
      </MenuTrigger>
      <RenameDialog
        isOpen={isRenaming}
        onOpenChange={setRenaming}
        title={title}
        onRename={(name) => chat.renameSession(sessionId, name)}
      />
    </div>
  );
}
