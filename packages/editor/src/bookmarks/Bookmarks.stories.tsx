import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { bookmarkNode, editorState, headingNode, paragraphNode, textNode, xrefNode } from '../convert/nodes';
import { WordEditor } from '../editor/WordEditor';
import { t } from '../i18n/zh-CN';
import { contentRects } from '../pageView/pageLayout';
import { realInput } from '../stories/realInput';

/** 插入 › 书签 and 插入 › 交叉引用: naming a place in the text, and referring to it or to a heading. */
const meta = {
  title: 'Bookmarks',
  parameters: { layout: 'fullscreen' },
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

const report = editorState([
  headingNode(1, [textNode('研究背景')]),
  paragraphNode([textNode('本研究抽取了三百份样本。')]),
  headingNode(1, [textNode('研究方法')]),
  paragraphNode([textNode('方法详见下文。')]),
  paragraphNode([textNode('参见：')]),
]);

const body = () => within(document.body);

const marked = editorState([
  headingNode(1, [bookmarkNode('_Ref000000001'), textNode('第一章 研究方法')]),
  paragraphNode([textNode('本研究抽取了'), bookmarkNode('样本数', [textNode('三百份')]), textNode('样本。')]),
  paragraphNode([
    textNode('详见'),
    xrefNode('_Ref000000001', 'heading', 'number', '第一章'),
    textNode('“'),
    xrefNode('_Ref000000001', 'heading', 'text', '研究方法'),
    textNode('”，共'),
    xrefNode('样本数', 'bookmark', 'text', '三百份'),
    textNode('样本；另见'),
    xrefNode('已删除', 'bookmark', 'text', '旧段落'),
    textNode('。'),
  ]),
]);

function Editor({
  id,
  content = report,
  view,
}: {
  id: string;
  content?: typeof report;
  view?: 'page' | 'continuous';
}) {
  return (
    <div style={{ height: '100vh' }}>
      <WordEditor
        // A fresh document each run: nothing saved by an earlier run comes back.
        documentId={`${id}-${Date.now()}`}
        initialTitle="报告"
        initialContent={{ version: '2.0.0', editorState: content }}
        {...(view ? { initialView: view } : {})}
        onSave={async () => {}}
        saveDelayMs={50}
      />
    </div>
  );
}

/** Ctrl+Shift+F5 on a selection: a bad name is refused with the reason, a good one bookmarks the text. */
export const AddBookmarkByKeyboard: Story = {
  // Screenshotted in its finished state by BookmarksAndReferencesInTheText.
  tags: ['!vrt'],
  render: () => <Editor id="bookmark-keys" />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const editor = await canvas.findByRole('textbox', { name: t.editorLabel });
    // Real key presses and clicks: the caret moves and selects in the editable text as a user's would.
    const input = await realInput();
    const sample = await within(editor).findByText('本研究抽取了三百份样本。');
    // The caret after 样本, then the five characters 三百份样本 selected with the keyboard.
    await input.click(sample);
    await input.keyboard(
      '{End}{ArrowLeft}{Shift>}{ArrowLeft}{ArrowLeft}{ArrowLeft}{ArrowLeft}{ArrowLeft}{/Shift}',
    );
    await input.keyboard('{Control>}{Shift>}{F5}{/Shift}{/Control}');
    const dialog = await body().findByRole('dialog', { name: t.bookmarks.title });
    const name = within(dialog).getByRole('textbox', { name: t.bookmarks.name });
    await waitFor(() => expect(name).toHaveFocus());
    await waitFor(() => expect(within(dialog).getByText(t.bookmarks.none)).toBeVisible());

    // A name that starts with a digit: the field says why, and nothing is added.
    await input.keyboard('1号样本');
    await input.keyboard('{Enter}');
    await waitFor(async () =>
      expect(await within(dialog).findByText(t.bookmarks.problems.badStart())).toBeVisible(),
    );
    await expect(name).toHaveAttribute('aria-invalid', 'true');
    await input.keyboard('{Control>}a{/Control}{Backspace}');
    await input.keyboard('样本 数');
    await waitFor(async () =>
      expect(await within(dialog).findByText(t.bookmarks.problems.space())).toBeVisible(),
    );
    await input.keyboard('{Control>}a{/Control}{Backspace}');
    await input.keyboard('样本数{Enter}');
    await waitFor(() => expect(body().queryByRole('dialog')).toBeNull());

    // The bookmark holds the selected text and shows its brackets.
    const mark = await waitFor(() => {
      const found = editor.querySelector<HTMLElement>('[data-bookmark="样本数"]');
      expect(found).not.toBeNull();
      return found as HTMLElement;
    });
    await expect(mark).toHaveTextContent('三百份样本');
    await expect(getComputedStyle(mark, '::before').content).toBe('"["');

    // The dialog lists it; a second bookmark under the same name is refused.
    await input.keyboard('{Control>}{Shift>}{F5}{/Shift}{/Control}');
    const again = await body().findByRole('dialog', { name: t.bookmarks.title });
    const list = within(again).getByRole('listbox', { name: t.bookmarks.list(1) });
    // The dialog fades in: wait until it shows.
    await waitFor(() => expect(within(list).getByRole('option', { name: /样本数/ })).toBeVisible());
    await userEvent.type(within(again).getByRole('textbox', { name: t.bookmarks.name }), '样本数{Enter}');
    await waitFor(async () =>
      expect(await within(again).findByText(t.bookmarks.problems.taken('样本数'))).toBeVisible(),
    );
    // Hiding the marks takes the brackets away; the bookmark stays.
    await input.click(within(again).getByText(t.bookmarks.showMarks));
    await expect(within(again).getByRole('checkbox', { name: t.bookmarks.showMarks })).not.toBeChecked();
    await waitFor(() => expect(getComputedStyle(mark, '::before').content).toBe('none'));
    await input.click(within(again).getByText(t.bookmarks.showMarks));
    await input.keyboard('{Escape}');
    await waitFor(() => expect(body().queryByRole('dialog')).toBeNull());
  },
};

/**
 * 交叉引用 to a heading from the menu: it shows the heading's text, follows the heading as it is edited,
 * takes the reader there on a click, and shows Word's error text once the heading is deleted.
 */
export const ReferenceFollowsHeading: Story = {
  tags: ['!vrt'],
  render: () => <Editor id="xref-heading" />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const editor = await canvas.findByRole('textbox', { name: t.editorLabel });
    // Real key presses and clicks: the caret moves and selects in the editable text as a user's would.
    const input = await realInput();
    await input.click(await within(editor).findByText('参见：'));
    await input.keyboard('{End}');
    await input.click(await canvas.findByRole('menuitem', { name: t.menus.insert }));
    await input.click(await body().findByRole('menuitem', { name: t.insert.crossReference }));
    const dialog = await body().findByRole('dialog', { name: t.bookmarks.xrefTitle });
    // The page number's hint shows only once 页码 is chosen.
    await expect(within(dialog).queryByText(t.bookmarks.pageHint)).toBeNull();
    // Nothing chosen yet: the dialog says so instead of inserting.
    await input.click(within(dialog).getByRole('button', { name: t.bookmarks.insert }));
    await expect(await within(dialog).findByRole('alert')).toHaveTextContent(t.bookmarks.chooseTarget);
    const list = within(dialog).getByRole('listbox', { name: t.bookmarks.whichHeading });
    await userEvent.selectOptions(list, within(list).getByRole('option', { name: /研究方法/ }));
    await input.click(within(dialog).getByRole('button', { name: t.bookmarks.insert }));
    await waitFor(() => expect(body().queryByRole('dialog')).toBeNull());

    const reference = await within(editor).findByRole('link', {
      name: `${t.bookmarks.referenceLabel}：研究方法`,
    });
    await expect(editor).toHaveTextContent('参见：研究方法');

    // The heading is edited: the reference follows.
    await input.click(within(editor).getByRole('heading', { name: '研究方法' }));
    await input.keyboard('{End}与数据');
    await waitFor(() => expect(reference).toHaveTextContent('研究方法与数据'));

    // A click on the reference puts the caret at the heading.
    await input.click(within(editor).getByText('本研究抽取了三百份样本。'));
    await input.click(reference);
    await waitFor(() => {
      const selection = window.getSelection();
      const heading = within(editor).getByRole('heading', { name: '研究方法与数据' });
      expect(selection && heading.contains(selection.anchorNode)).toBe(true);
    });

    // The heading is deleted: the reference says its source is gone, as an error with a tooltip.
    const heading = within(editor).getByRole('heading', { name: '研究方法与数据' });
    await input.click(heading);
    await input.keyboard('{End}{Shift>}{Home}{/Shift}{Backspace}{Backspace}');
    const broken = await within(editor).findByText(t.bookmarks.missing);
    await expect(broken).toHaveAttribute('aria-invalid', 'true');
    await expect(broken).toHaveAttribute('title', t.bookmarks.missingTooltip);
    await expect(getComputedStyle(broken).fontWeight).toBe('700');
  },
};

/** A document with a bookmark and references, one of them to a bookmark that is gone: how they look. */
export const BookmarksAndReferencesInTheText: Story = {
  render: () => <Editor id="bookmarks-look" content={marked} />,
  play: async ({ canvasElement }) => {
    const editor = await within(canvasElement).findByRole('textbox', { name: t.editorLabel });
    await expect(
      await within(editor).findByRole('link', { name: `${t.bookmarks.referenceLabel}：第一章` }),
    ).toBeVisible();
    await expect(
      within(editor).getByRole('link', { name: `${t.bookmarks.referenceLabel}：三百份` }),
    ).toBeVisible();
    const broken = within(editor).getByText(t.bookmarks.missing);
    await expect(broken).toHaveAttribute('aria-invalid', 'true');
    await expect(editor.querySelector('[data-bookmark="样本数"]')).toHaveTextContent('三百份');
    // The heading's anchor is the editor's own: no brackets.
    const anchor = editor.querySelector<HTMLElement>('[data-bookmark="_Ref000000001"]');
    await expect(anchor && getComputedStyle(anchor, '::before').content).toBe('none');
  },
};

const chapters = editorState([
  headingNode(1, [textNode('引言')]),
  paragraphNode([textNode('结论在第')]),
  paragraphNode([textNode('正文的第一段。')]),
  headingNode(1, [textNode('结论')]),
  paragraphNode([textNode('结论的正文。')]),
]);

/** The sheet (1 is the first) the element's first line of text stands on in the page view. */
function sheetOf(paper: HTMLElement, element: Element): number {
  // Its text, not its box: the page view pushes a block to the next sheet by the room above its text.
  const top = contentRects(element)[0]?.top ?? Number.NaN;
  const sheets = Array.from(paper.querySelectorAll('[data-wx-sheets] > div')).map((sheet) =>
    sheet.getBoundingClientRect(),
  );
  return sheets.findIndex((rect) => top >= rect.top && top <= rect.bottom) + 1;
}

/**
 * 交叉引用 › 页码 in the page view: the reference shows the page its heading is on, moves to the next page
 * number when a 分页符 before the heading pushes it a page down, and in 连续视图 (no pages) keeps the last
 * number, marked and explained by its tooltip.
 */
export const PageReferenceFollowsThePages: Story = {
  tags: ['!vrt'],
  render: () => <Editor id="xref-page" content={chapters} view="page" />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const editor = await canvas.findByRole('textbox', { name: t.editorLabel });
    const paper = canvasElement.querySelector<HTMLElement>('[data-wx-paper]') as HTMLElement;
    await waitFor(() => expect(paper).toHaveAttribute('data-wx-page-view'));
    const input = await realInput();
    await input.click(await within(editor).findByText('结论在第'));
    await input.keyboard('{End}');
    await input.click(await canvas.findByRole('menuitem', { name: t.menus.insert }));
    await input.click(await body().findByRole('menuitem', { name: t.insert.crossReference }));
    const dialog = await body().findByRole('dialog', { name: t.bookmarks.xrefTitle });
    const list = within(dialog).getByRole('listbox', { name: t.bookmarks.whichHeading });
    await userEvent.selectOptions(list, within(list).getByRole('option', { name: /结论/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: new RegExp(t.bookmarks.display) }));
    await userEvent.click(await body().findByRole('option', { name: t.bookmarks.showPage }));
    await waitFor(() => expect(within(dialog).getByText(t.bookmarks.pageHint)).toBeVisible());
    await input.click(within(dialog).getByRole('button', { name: t.bookmarks.insert }));
    await waitFor(() => expect(body().queryByRole('dialog')).toBeNull());
    await input.keyboard('页');

    // The bare number, as Word's 页码; read out as 第 1 页.
    const heading = within(editor).getByRole('heading', { name: '结论' });
    const reference = await within(editor).findByRole('link', {
      name: `${t.bookmarks.referenceLabel}：${t.bookmarks.pageLabel('1')}`,
    });
    await expect(sheetOf(paper, heading)).toBe(1);
    await expect(editor).toHaveTextContent('结论在第1页');

    // 插入 › 分页符 after the first paragraph pushes the heading a page down: the reference follows.
    await input.click(within(editor).getByText('正文的第一段。'));
    await input.keyboard('{End}');
    await input.click(await canvas.findByRole('menuitem', { name: t.menus.insert }));
    await input.click(await body().findByRole('menuitem', { name: new RegExp(`^${t.insert.pageBreak}`) }));
    await waitFor(() => expect(editor.querySelector('[data-wx-page-break]')).not.toBeNull());
    await waitFor(() => expect(sheetOf(paper, heading)).toBe(2));
    await waitFor(() => expect(reference).toHaveTextContent('2'));
    await expect(reference).toHaveAccessibleName(
      `${t.bookmarks.referenceLabel}：${t.bookmarks.pageLabel('2')}`,
    );

    // 连续视图 has no pages: the last number stays, dotted, and its tooltip says why.
    await input.click(await canvas.findByRole('menuitem', { name: t.menus.view }));
    await input.click(await body().findByRole('menuitemradio', { name: t.view.continuous }));
    await waitFor(() => expect(paper).not.toHaveAttribute('data-wx-page-view'));
    const stale = await within(editor).findByTitle(t.bookmarks.pageLastKnownTooltip('2'));
    await expect(stale).toHaveTextContent('2');
    await expect(stale).toHaveAttribute('data-xref-stale', 'true');

    // Back in 页面视图 (the view this story leaves behind for the next one): live again.
    await input.click(await canvas.findByRole('menuitem', { name: t.menus.view }));
    await input.click(await body().findByRole('menuitemradio', { name: t.view.page }));
    await waitFor(() => expect(paper).toHaveAttribute('data-wx-page-view'));
    const live = await within(editor).findByRole('link', {
      name: `${t.bookmarks.referenceLabel}：${t.bookmarks.pageLabel('2')}`,
    });
    await waitFor(() => expect(live).not.toHaveAttribute('data-xref-stale'));
  },
};
