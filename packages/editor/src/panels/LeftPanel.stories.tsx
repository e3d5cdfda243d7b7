import { LexicalComposer } from '@lexical/react/LexicalComposer';
import { ContentEditable } from '@lexical/react/LexicalContentEditable';
import { LexicalErrorBoundary } from '@lexical/react/LexicalErrorBoundary';
import { RichTextPlugin } from '@lexical/react/LexicalRichTextPlugin';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { t } from '../i18n/zh-CN';
import { editorNodes, editorTheme } from '../model/config';
import { sampleEditorState } from '../stories/sampleDocument';
import { LeftPanel } from './LeftPanel';

const onOpenDocument = fn();

function Harness({ withContent }: { withContent: boolean }) {
  return (
    <LexicalComposer
      initialConfig={{
        namespace: 'left-panel-story',
        nodes: [...editorNodes],
        theme: editorTheme,
        onError: (e: Error) => {
          throw e;
        },
        editorState: withContent ? JSON.stringify(sampleEditorState) : undefined,
      }}
    >
      <div style={{ display: 'flex', gap: 24 }}>
        <div style={{ width: 240 }}>
          <LeftPanel
            documents={[
              {
                id: 'a',
                title: '季度工作报告',
                createdAt: 1,
                modifiedAt: Date.UTC(2026, 10, 20),
                owner: 'u',
              },
              { id: 'b', title: '周报', createdAt: 1, modifiedAt: Date.UTC(2026, 10, 19), owner: 'u' },
            ]}
            currentId="a"
            onOpenDocument={onOpenDocument}
            formatDate={(time) => new Date(time).toISOString().slice(0, 10)}
          />
        </div>
        <RichTextPlugin
          contentEditable={<ContentEditable aria-label={t.editorLabel} style={{ flex: 1 }} />}
          ErrorBoundary={LexicalErrorBoundary}
        />
      </div>
    </LexicalComposer>
  );
}

const meta = { title: 'LeftPanel', component: Harness } satisfies Meta<typeof Harness>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Outline of headings 1–3; a click selects the heading. Files lists the owner's documents. */
export const OutlineAndFiles: Story = {
  args: { withContent: true },
  play: async ({ canvas }) => {
    onOpenDocument.mockClear();
    const items = await canvas.findAllByRole('button', { name: /季度工作报告|一、主要进展|1\.1 数据/ });
    await expect(items.map((b) => b.getAttribute('data-outline-level'))).toEqual(['1', '2', '3']);
    await userEvent.click(canvas.getByRole('button', { name: '一、主要进展' }));
    await waitFor(() => expect(window.getSelection()?.toString()).toBe('一、主要进展'));
    await userEvent.click(canvas.getByRole('tab', { name: t.panels.files }));
    await userEvent.click(await canvas.findByRole('button', { name: /周报/ }));
    await expect(onOpenDocument).toHaveBeenCalledWith('b');
  },
};

export const EmptyOutline: Story = {
  args: { withContent: false },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText(t.panels.outlineEmpty)).toBeVisible();
  },
};
