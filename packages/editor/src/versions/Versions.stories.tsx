import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import type { DocumentContent } from '../documents/types';
import { WordEditor } from '../editor/WordEditor';
import { t } from '../i18n/zh-CN';
import { createLocalVersionStore, createLocalVersions } from './localVersions';
import { NameVersionDialog } from './NameVersionDialog';
import type { VersionSource } from './types';
import { VersionHistoryDialog } from './VersionHistoryDialog';

const m = t.versions;

/** 版本历史 and 为当前版本命名, over this browser's version store with fixed times. */
const meta = {
  title: 'Editor/Versions',
  parameters: { layout: 'fullscreen', a11y: { context: { exclude: ['[data-live-announcer]'] } } },
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

const body = () => within(document.body);
// A dialog fades in: "visible" is waited for, not read at the first frame it exists.

function contentOf(...paragraphs: string[]): DocumentContent {
  return {
    version: '2.0.0',
    editorState: {
      root: {
        type: 'root',
        version: 1,
        direction: null,
        format: '',
        indent: 0,
        children: paragraphs.map((text) => ({
          type: 'paragraph',
          version: 1,
          direction: null,
          format: '',
          indent: 0,
          textFormat: 0,
          textStyle: '',
          children: [{ type: 'text', version: 1, text, detail: 0, format: 0, mode: 'normal', style: '' }],
        })),
      },
    } as unknown as DocumentContent['editorState'],
  };
}

// 2026-03-02 09:00, 10:30 and 15:45 in Shanghai.
const TIMES = [
  Date.parse('2026-03-02T01:00:00Z'),
  Date.parse('2026-03-02T02:30:00Z'),
  Date.parse('2026-03-02T07:45:00Z'),
];
const NOW = Date.parse('2026-03-02T08:00:00Z');
const CURRENT = contentOf('春天来了。', '小草从地里钻出来了。', '我们去郊游。');

/** A local version store of its own per story run, holding three saves at fixed times. */
async function seededSource(): Promise<VersionSource> {
  let clock = 0;
  const store = createLocalVersionStore({
    dbName: `wanxiang-versions-story-${crypto.randomUUID()}`,
    now: () => TIMES[clock] ?? NOW,
  });
  const { source } = createLocalVersions(store, 'doc-1', 'story');
  await store.record('doc-1', 'story', { content: contentOf('春天来了。', '小草发芽了。'), title: '春天' });
  clock = 1;
  await store.record('doc-1', 'story', {
    content: contentOf('春天来了。', '小草发芽了。', '天气很好。'),
    title: '春天',
    kind: 'manual',
    name: '初稿',
  });
  clock = 2;
  await store.record('doc-1', 'story', { content: CURRENT, title: '春天' });
  return source;
}

function HistoryHarness({
  source,
  onRestore,
}: {
  source: VersionSource;
  onRestore(content: DocumentContent): Promise<void>;
}) {
  const [open, setOpen] = useState(true);
  return (
    <VersionHistoryDialog
      isOpen={open}
      onOpenChange={setOpen}
      source={source}
      current={() => CURRENT}
      onRestore={onRestore}
      now={() => NOW}
    />
  );
}

const onRestore = fn(async (_content: DocumentContent) => {});

/**
 * The list (Shanghai times, 自动保存/手动保存, the name, the size change); choosing the first version shows
 * it beside the current text with the words inserted and deleted; 恢复此版本 asks first and says the
 * current text stays in the history.
 */
export const History: Story = {
  loaders: [async () => ({ source: await seededSource() })],
  render: (_args, { loaded }) => (
    <HistoryHarness source={loaded.source as VersionSource} onRestore={onRestore} />
  ),
  play: async () => {
    onRestore.mockClear();
    const dialog = await body().findByRole('dialog', { name: m.title });
    const list = await within(dialog).findByRole('list', { name: m.listLabel });
    const items = within(list).getAllByRole('button');
    await expect(items).toHaveLength(3);
    await expect(items[0]).toHaveTextContent('3/2 15:45');
    await expect(items[0]).toHaveTextContent(m.current);
    await expect(items[1]).toHaveTextContent('初稿');
    await expect(items[1]).toHaveTextContent(m.manual);
    await expect(items[2]).toHaveTextContent('3/2 09:00');
    await expect(items[2]).toHaveTextContent(m.auto);
    await expect(within(dialog).getByRole('button', { name: m.restoreAction })).toBeDisabled();

    // The keyboard reaches the versions: Tab to the oldest and press Enter.
    (items[2] as HTMLElement).focus();
    await userEvent.keyboard('{Enter}');
    await expect(items[2]).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() =>
      expect(within(dialog).getByRole('status')).toHaveTextContent(/插入 \d+ 字，删除 \d+ 字/),
    );
    const inserted = Array.from(dialog.querySelectorAll('ins')).map((node) => node.textContent);
    const deleted = Array.from(dialog.querySelectorAll('del')).map((node) => node.textContent);
    await expect(inserted).toContain('我们去郊游。');
    await expect(inserted.join('')).toContain('钻出来');
    await expect(deleted.join('')).toContain('发芽');

    await userEvent.click(within(dialog).getByRole('button', { name: m.restoreAction }));
    const confirm = await body().findByRole('alertdialog', { name: m.restoreTitle });
    await expect(confirm).toHaveTextContent('当前文本不会丢失');
    await userEvent.click(within(confirm).getByRole('button', { name: m.restoreConfirm }));
    await waitFor(() => expect(onRestore).toHaveBeenCalledTimes(1));
    await expect(onRestore.mock.calls[0]?.[0]).toEqual(contentOf('春天来了。', '小草发芽了。'));
    await waitFor(() => expect(body().queryByRole('dialog', { name: m.title })).toBeNull());
  },
};

/** No version yet: says how versions come about. */
export const Empty: Story = {
  loaders: [
    async () => {
      const store = createLocalVersionStore({ dbName: `wanxiang-versions-story-${crypto.randomUUID()}` });
      return { source: createLocalVersions(store, 'empty', 'story').source };
    },
  ],
  render: (_args, { loaded }) => (
    <HistoryHarness source={loaded.source as VersionSource} onRestore={onRestore} />
  ),
  play: async () => {
    const dialog = await body().findByRole('dialog', { name: m.title });
    await waitFor(async () => expect(await within(dialog).findByText(m.empty)).toBeVisible());
    await waitFor(() => expect(within(dialog).getByText(m.localNote)).toBeVisible());
  },
};

/** The cloud cannot be reached: the reason and 重试, which reads the list again. */
export const LoadFailed: Story = {
  render: () => {
    let calls = 0;
    const source: VersionSource = {
      place: 'cloud',
      list: async () => {
        calls += 1;
        if (calls === 1) throw new Error('offline');
        return {
          entries: [
            {
              id: '7',
              createdAt: TIMES[2] as number,
              kind: 'manual',
              name: null,
              size: 900,
              sizeDelta: -120,
              version: 7,
            },
          ],
          next: null,
        };
      },
      read: async () => CURRENT,
      name: async () => {},
      nameCurrent: async () => {},
    };
    return <HistoryHarness source={source} onRestore={onRestore} />;
  },
  play: async () => {
    const dialog = await body().findByRole('dialog', { name: m.title });
    await waitFor(async () => expect(await within(dialog).findByText(m.loadFailed)).toBeVisible());
    await userEvent.click(within(dialog).getByRole('button', { name: m.retry }));
    const item = await within(dialog).findByRole('button', { name: /第 7 版/ });
    await expect(item).toHaveTextContent(m.shrank('120 字节'));
    await waitFor(() => expect(within(dialog).getByText(m.cloudNote)).toBeVisible());
    await userEvent.click(item);
    await waitFor(async () => expect(await within(dialog).findByText(m.noChanges)).toBeVisible());
  },
};

const onName = fn(async (_name: string) => {});

/** 为当前版本命名: an empty name is refused with a reason; a name is given with Enter. */
export const NameVersion: Story = {
  render: () => <NameVersionDialog isOpen onOpenChange={() => {}} onName={onName} />,
  play: async () => {
    onName.mockClear();
    const dialog = await body().findByRole('dialog', { name: m.nameTitle });
    await userEvent.click(within(dialog).getByRole('button', { name: m.nameSave }));
    await waitFor(async () => expect(await within(dialog).findByText(m.nameEmpty)).toBeVisible());
    await expect(onName).not.toHaveBeenCalled();
    const field = within(dialog).getByRole('textbox', { name: m.nameLabel });
    await userEvent.type(field, '  交给编辑的稿子 {Enter}');
    await waitFor(() => expect(onName).toHaveBeenCalledWith('交给编辑的稿子'));
  },
};

/**
 * In the word processor: 文件 → 查看版本历史 by keyboard opens the history; 为当前版本命名 names the current
 * text, which the history then lists with its name.
 */
export const FromTheFileMenu: Story = {
  loaders: [async () => ({ source: await seededSource() })],
  render: (_args, { loaded }) => (
    <div style={{ height: 600 }}>
      <WordEditor
        documentId="doc-1"
        initialContent={CURRENT}
        initialTitle="春天"
        onSave={async () => {}}
        versions={loaded.source as VersionSource}
      />
    </div>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const fileMenu = await canvas.findByRole('menuitem', { name: t.menus.file });
    await waitFor(() => expect(fileMenu).toBeEnabled());
    fileMenu.focus();
    await userEvent.keyboard('{Enter}');
    const menu = await body().findByRole('menu', { name: t.menus.file });
    const named = within(menu).getByRole('menuitem', { name: t.file.nameVersion });
    await expect(named).not.toHaveAttribute('aria-disabled');
    await userEvent.click(named);
    const nameDialog = await body().findByRole('dialog', { name: m.nameTitle });
    await userEvent.type(within(nameDialog).getByRole('textbox', { name: m.nameLabel }), '定稿{Enter}');
    await waitFor(() => expect(body().queryByRole('dialog', { name: m.nameTitle })).toBeNull());

    fileMenu.focus();
    await userEvent.keyboard('{Enter}');
    await userEvent.click(
      within(await body().findByRole('menu', { name: t.menus.file })).getByRole('menuitem', {
        name: t.file.versionHistory,
      }),
    );
    const dialog = await body().findByRole('dialog', { name: m.title });
    const list = await within(dialog).findByRole('list', { name: m.listLabel });
    // The name is on the version that was current when it was given (an autosave may have come since).
    await waitFor(() =>
      expect(
        within(list)
          .getAllByRole('button')
          .filter((item) => item.textContent?.includes('定稿')),
      ).toHaveLength(1),
    );
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(body().queryByRole('dialog', { name: m.title })).toBeNull());
  },
};
