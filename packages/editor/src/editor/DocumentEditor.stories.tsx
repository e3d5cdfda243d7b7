import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { createMemoryDocumentRepository } from '../documents/memoryRepository';
import { DocumentStorageError } from '../documents/types';
import { t } from '../i18n/zh-CN';
import { sampleContent } from '../stories/sampleDocument';
import { DocumentEditor } from './DocumentEditor';

const meta = {
  title: 'DocumentEditor',
  component: DocumentEditor,
  parameters: { layout: 'fullscreen' },
  decorators: [
    (Story) => (
      <div style={{ height: '100vh' }}>
        <Story />
      </div>
    ),
  ],
  args: {
    owner: 'me',
    documentId: 'local-doc-1',
    onBack: fn(),
    onNavigate: fn(),
    repository: createMemoryDocumentRepository([
      {
        record: { id: 'local-doc-1', title: '季度工作报告', createdAt: 1, modifiedAt: 2, owner: 'me' },
        content: sampleContent,
      },
    ]),
  },
} satisfies Meta<typeof DocumentEditor>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Loads the stored document into the editor. */
export const Loaded: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const paper = await canvas.findByRole('textbox', { name: t.editorLabel });
    await waitFor(() => expect(paper).toHaveTextContent('季度工作报告'));
    await expect(canvas.getByText(t.draftTitle('季度工作报告'))).toBeVisible();
  },
};

/** Until the repository answers: 正在加载文档... */
export const Loading: Story = {
  args: {
    repository: {
      ...createMemoryDocumentRepository(),
      load: () => new Promise(() => {}),
    },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent(t.loadingDocument);
  },
};

/**
 * A stale link (a deleted, another owner's or mistyped id): says so, with nothing to retry, and offers a
 * new document or the document home.
 */
export const NotFound: Story = {
  args: {
    documentId: 'local-doc-missing',
    repository: createMemoryDocumentRepository([], () => 1767000000000),
  },
  play: async ({ canvas, args }) => {
    await expect(await canvas.findByRole('heading', { level: 1, name: t.documentNotFound })).toBeVisible();
    await expect(canvas.queryByRole('textbox', { name: t.editorLabel })).toBeNull();
    await expect(canvas.queryByRole('button', { name: /重试/ })).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: t.toDocumentHome }));
    await expect(args.onBack).toHaveBeenCalled();
    await expect(args.onNavigate).not.toHaveBeenCalled();
    // 新建文档 makes a blank document and opens it in place of the dead address.
    await userEvent.click(canvas.getByRole('button', { name: t.newDocument }));
    await waitFor(() =>
      expect(args.onNavigate).toHaveBeenCalledWith('local-doc-1767000000000', { replace: true }),
    );
    await expect(await args.repository.load('local-doc-1767000000000', 'me')).not.toBeNull();
  },
};

/** Storage that cannot be read: a new document is created and replaces the address. */
export const LoadFailsCreatesNew: Story = {
  args: {
    documentId: 'local-doc-1',
    repository: {
      ...createMemoryDocumentRepository([], () => 1767000000000),
      load: () => Promise.reject(new DocumentStorageError('failed', t.storage.failed)),
    },
  },
  play: async ({ args }) => {
    await waitFor(() =>
      expect(args.onNavigate).toHaveBeenCalledWith('local-doc-1767000000000', { replace: true }),
    );
  },
};

/** The title pill renames in place: Enter saves, Escape cancels, an empty name is 未命名文档. */
export const RenameTitle: Story = {
  tags: ['!vrt'],
  args: {
    onTitleChange: fn(),
    repository: createMemoryDocumentRepository([
      {
        record: { id: 'local-doc-1', title: '季度工作报告', createdAt: 1, modifiedAt: 2, owner: 'me' },
        content: sampleContent,
      },
    ]),
  },
  play: async ({ canvas, args }) => {
    const pill = await canvas.findByRole('button', { name: t.draftTitle('季度工作报告') });
    await waitFor(() => expect(args.onTitleChange).toHaveBeenLastCalledWith('季度工作报告'));
    await userEvent.click(pill);
    const field = canvas.getByRole('textbox', { name: t.title.label });
    await expect(field).toHaveFocus();
    await userEvent.clear(field);
    await userEvent.type(field, '二季度总结{Enter}');
    const renamed = await canvas.findByRole('button', { name: t.draftTitle('二季度总结') });
    await expect(renamed).toHaveFocus();
    await waitFor(() => expect(args.onTitleChange).toHaveBeenLastCalledWith('二季度总结'));
    await waitFor(async () => expect((await args.repository.listRecent('me'))[0]?.title).toBe('二季度总结'));
    const stored = await args.repository.load('local-doc-1', 'me');
    await expect(stored?.content.title).toBe('二季度总结');

    // Escape keeps the name; an emptied name is 未命名文档.
    await userEvent.keyboard('{Enter}');
    await userEvent.type(canvas.getByRole('textbox', { name: t.title.label }), '不要{Escape}');
    await expect(await canvas.findByRole('button', { name: t.draftTitle('二季度总结') })).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: t.draftTitle('二季度总结') }));
    await userEvent.clear(canvas.getByRole('textbox', { name: t.title.label }));
    await userEvent.keyboard('{Enter}');
    await expect(await canvas.findByRole('button', { name: t.draftTitle('未命名文档') })).toBeVisible();
  },
};

/** A full disk: the edit stays in the editor, and an alert offers to save a local file instead. */
export const QuotaExceeded: Story = {
  // Not pixel-compared: whether the failed-save banner shows before the screenshot depends on when the
  // first autosave runs. The play function below checks the banner and the kept text.
  tags: ['!vrt'],
  args: {
    repository: {
      ...createMemoryDocumentRepository([
        {
          record: { id: 'local-doc-1', title: '季度工作报告', createdAt: 1, modifiedAt: 2, owner: 'me' },
          content: sampleContent,
        },
      ]),
      save: () => Promise.reject(new DocumentStorageError('quota', t.storage.quota)),
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const paper = await canvas.findByRole('textbox', { name: t.editorLabel });
    await userEvent.click(paper);
    await userEvent.keyboard('新的一句');
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent(t.storage.quota);
    await expect(within(alert).getByRole('button', { name: t.file.saveLocal })).toBeVisible();
    await expect(paper).toHaveTextContent('新的一句');
  },
};

/** A stored snapshot the editor cannot read: the fallback message, not a blank screen. */
export const EditorCrashed: Story = {
  args: {
    repository: createMemoryDocumentRepository([
      {
        record: { id: 'local-doc-1', title: '损坏的文档', createdAt: 1, modifiedAt: 2, owner: 'me' },
        content: { version: '2.0.0', editorState: { root: { type: 'no-such-node', children: [] } } as never },
      },
    ]),
  },
  play: async ({ canvas, args }) => {
    await expect(await canvas.findByRole('alert')).toHaveTextContent(t.editorCrashed);
    await expect(canvas.getByRole('button', { name: t.retryEditor })).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: t.toolbar.back }));
    await expect(args.onBack).toHaveBeenCalled();
  },
};
