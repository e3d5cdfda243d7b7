import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import { Tab, TabList, TabPanel, Tabs } from '@wanxiang/ui';
import { $getNodeByKey, $isElementNode } from 'lexical';
import type { DocumentRecord } from '../documents/types';
import { t } from '../i18n/zh-CN';
import * as css from './LeftPanel.css';
import { useOutline } from './useOutline';

export interface LeftPanelProps {
  /** The Files tab's documents; without them there is no Files tab (an embedder lists its own). */
  documents?: readonly DocumentRecord[] | undefined;
  currentId: string;
  onOpenDocument(id: string): void;
  formatDate(time: number): string;
  /** After a heading of the outline was chosen (a drawer on a phone closes then, to show it). */
  onJumped?(): void;
}

/** Files (the owner's recent documents) and Outline (headings 1–3; a click jumps to and selects one). */
export function LeftPanel({ documents, currentId, onOpenDocument, formatDate, onJumped }: LeftPanelProps) {
  const [editor] = useLexicalComposerContext();
  const outline = useOutline();
  const jump = (key: string) => {
    editor.update(() => {
      const node = $getNodeByKey(key);
      if ($isElementNode(node)) node.select(0, node.getChildrenSize());
    });
    onJumped?.();
    editor.getElementByKey(key)?.scrollIntoView({ block: 'center' });
    editor.focus();
  };
  return (
    <Tabs defaultSelectedKey="outline" variant="segmented">
      <TabList aria-label={t.panels.left}>
        {documents ? <Tab id="files">{t.panels.files}</Tab> : null}
        <Tab id="outline">{t.panels.outline}</Tab>
      </TabList>
      <TabPanel id="files">
        {!documents || documents.length === 0 ? (
          <p className={css.panelEmpty}>{t.panels.filesEmpty}</p>
        ) : (
          <ul className={css.panelList}>
            {documents.map((doc) => (
              <li key={doc.id}>
                <button
                  type="button"
                  className={css.panelItem}
                  aria-current={doc.id === currentId ? 'true' : undefined}
                  onClick={() => doc.id !== currentId && onOpenDocument(doc.id)}
                >
                  {doc.title || t.panels.untitled}
                  <span className={css.panelMeta}>{formatDate(doc.modifiedAt)}</span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </TabPanel>
      <TabPanel id="outline">
        {outline.length === 0 ? (
          <p className={css.panelEmpty}>{t.panels.outlineEmpty}</p>
        ) : (
          <ul className={css.panelList}>
            {outline.map((item) => (
              <li key={item.key}>
                <button
                  type="button"
                  className={`${css.panelItem} ${item.level === 2 ? css.outlineLevel2 : item.level === 3 ? css.outlineLevel3 : ''}`}
                  data-outline-level={item.level}
                  onClick={() => jump(item.key)}
                >
                  {item.text || t.panels.untitled}
                </button>
              </li>
            ))}
          </ul>
        )}
      </TabPanel>
    </Tabs>
  );
}
