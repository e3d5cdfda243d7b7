import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { editorState, headingNode, paragraphNode, textNode } from '../convert/nodes';
import { WordEditor } from '../editor/WordEditor';
import { t } from '../i18n/zh-CN';
import { realInput } from '../stories/realInput';
import { tocNode } from './entries';

/** 插入 › 目录: a table of the headings, each entry a link to its heading; 更新目录 rebuilds it. */
const meta = {
  title: 'Toc',
  parameters: { layout: 'fullscreen' },
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

const content = {
  version: '2.0.0' as const,
  editorState: editorState([
    paragraphNode([textNode('封面')]),
    headingNode(1, [textNode('第一章 总则')]),
    paragraphNode([textNode('总则的正文。')]),
    headingNode(2, [textNode('1.1 目的')]),
    paragraphNode([textNode('目的的正文。')]),
    headingNode(1, [textNode('第二章 附则')]),
    paragraphNode([textNode('附则的正文。')]),
  ]),
};

const entries = (editor: HTMLElement) =>
  [...editor.querySelectorAll('[data-toc-text]')].map((span) => span.textContent);

/** A document opened with its table of contents: the entries by level, leaders and page numbers. */
export const WithTableOfContents: Story = {
  render: () => (
    <div style={{ height: '100vh' }}>
      <WordEditor
        documentId="toc-static"
        initialTitle="目录"
        initialContent={{
          version: '2.0.0',
          editorState: editorState([
            paragraphNode([textNode('封面')]),
            tocNode([
              { text: '第一章 总则', level: 1, page: 1 },
              { text: '1.1 目的', level: 2, page: 1 },
              { text: '1.1.1 范围', level: 3, page: 1 },
              { text: '第二章 附则', level: 1, page: 1 },
            ]),
            headingNode(1, [textNode('第一章 总则')]),
            headingNode(2, [textNode('1.1 目的')]),
            headingNode(3, [textNode('1.1.1 范围')]),
            headingNode(1, [textNode('第二章 附则')]),
          ]),
        }}
        onSave={async () => {}}
      />
    </div>
  ),
  play: async ({ canvasElement }) => {
    const editor = await within(canvasElement).findByRole('textbox', { name: t.editorLabel });
    const toc = await within(editor).findByRole('navigation', { name: t.toc.title });
    await expect(within(toc).getAllByRole('link')).toHaveLength(4);
    await expect(toc.querySelector('[data-toc-level="3"]')).toHaveTextContent('1.1.1 范围');
  },
};

export const InsertFollowAndUpdate: Story = {
  // The document before and after is WithTableOfContents's; this one is about the interaction.
  tags: ['!vrt'],
  render: () => (
    <div style={{ height: '100vh' }}>
      <WordEditor
        documentId="toc"
        initialTitle="目录"
        initialContent={content}
        onSave={async () => {}}
        saveDelayMs={50}
      />
    </div>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const editor = await canvas.findByRole('textbox', { name: t.editorLabel });
    const input = await realInput();
    // The caret after 封面, then 插入 › 目录.
    await input.click(within(editor).getByText('封面'));
    await input.keyboard('{End}');
    await userEvent.click(await canvas.findByRole('menuitem', { name: t.menus.insert }));
    await userEvent.click(await within(document.body).findByRole('menuitem', { name: t.insert.toc }));
    const toc = await within(editor).findByRole('navigation', { name: t.toc.title });
    await waitFor(() => expect(entries(editor)).toEqual(['第一章 总则', '1.1 目的', '第二章 附则']));
    await expect(toc.querySelector('[data-toc-level="2"]')).toHaveTextContent('1.1 目的');

    // An entry takes the caret to its heading.
    await input.click(within(toc).getByRole('link', { name: /第二章 附则/ }));
    const target = within(editor).getByRole('heading', { name: '第二章 附则' });
    await waitFor(() => expect(target.contains(window.getSelection()?.anchorNode ?? null)).toBe(true));
    await waitFor(() => expect(editor).toHaveFocus());

    // A new heading is not listed until 更新目录, as in Word.
    await input.keyboard('{End}{Enter}');
    await input.keyboard('第三章 补充');
    // The typed line is in the document, in a paragraph of its own after the heading, before it is styled.
    const typed = await waitFor(() => {
      const line = [...editor.querySelectorAll(':scope > p')].find((p) => p.textContent === '第三章 补充');
      expect(line).toBeDefined();
      return line as HTMLElement;
    });
    // The caret in that line, as a user puts it before choosing a style (another story's page, run beside
    // this one, may have taken the focus meanwhile).
    await input.click(typed);
    await waitFor(() => expect(typed.contains(window.getSelection()?.anchorNode ?? null)).toBe(true));
    // The toolbar reads the line as 正文 first (it follows the caret a moment later; choosing 标题 1 while it
    // still shows the heading above would be choosing what it already shows).
    const blockStyle = await canvas.findByRole('button', { name: new RegExp(t.toolbar.blockStyle) });
    await waitFor(() => expect(blockStyle).toHaveTextContent(t.blockTypes.paragraph));
    await userEvent.click(blockStyle);
    await userEvent.click(await within(document.body).findByRole('option', { name: t.blockTypes.h1 }));
    await waitFor(() => expect(within(editor).getByRole('heading', { name: '第三章 补充' })).toBeVisible());
    await expect(entries(editor)).toHaveLength(3);
    const update = within(toc).getByRole('button', { name: t.toc.update });
    await expect(update).toHaveAttribute('title', t.toc.updateTooltip);
    await input.click(update);
    await waitFor(() =>
      expect(entries(editor)).toEqual(['第一章 总则', '1.1 目的', '第二章 附则', '第三章 补充']),
    );

    // From the keyboard: Enter on an entry follows it too.
    const first = within(toc).getByRole('link', { name: /第一章 总则/ });
    first.focus();
    await input.keyboard('{Enter}');
    const chapter = within(editor).getByRole('heading', { name: '第一章 总则' });
    await waitFor(() => expect(chapter.contains(window.getSelection()?.anchorNode ?? null)).toBe(true));
  },
};
