import { describe, expect, it } from 'vitest';
import { checkedEditorState } from '../files/importFile';
import { documentToMarkdown, markdownToDocument } from './markdown';
import {
  editorState,
  type JsonNode,
  paragraphNode,
  rootChildren,
  tableCellNode,
  tableNode,
  tableRowNode,
  textNode,
  walk,
} from './nodes';

const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAYAAAAf8/9hAAAAKElEQVR4nGNkYPj/n4EBCzA0NTL8/8+ABRgZGBgY/v9nYGBgYGBgAAAvHgX+EE5XKgAAAABJRU5ErkJggg==';

/** A document in the Markdown this converter writes: reading and writing it again changes nothing. */
const CANONICAL = `# 季度报告

这是**“重点”**内容，*强调*、~~删除~~、<u>下划线</u>和 \`code\` 都在。

## 清单

- 第一项
  - 子项
- 第二项

1. 步骤一
2. 步骤二

- [ ] 待办
- [x] 已完成

| 指标 | 数值 |
| - | - |
| 收入 | 12% |

\`\`\`python
print("你好")
\`\`\`

> 引用的话

见[官网](https://example.com/)与脚注[^1]。

![图表][image-1]

[^1]: 数据来自年报

[image-1]: ${PNG}
`;

const types = (state: ReturnType<typeof markdownToDocument>['editorState']) =>
  [...walk(state.root as unknown as JsonNode)].map((n) => n.type);

describe('Markdown', () => {
  it('reads and writes back the same Markdown (a stable round trip)', () => {
    const doc = markdownToDocument(CANONICAL);
    expect(documentToMarkdown(doc)).toBe(CANONICAL);
    expect(doc.title).toBe('季度报告');
    // What it read is a state the editor accepts as it is.
    expect(() => checkedEditorState(doc.editorState)).not.toThrow();
  });

  it('reads GFM tables, task lists, footnotes, code fences, images and links as editor nodes', () => {
    const doc = markdownToDocument(CANONICAL);
    const all = [...walk(doc.editorState.root as unknown as JsonNode)];
    expect(all.filter((n) => n.type === 'table')).toHaveLength(1);
    expect(
      all.find((n) => n.type === 'list' && n.listType === 'check')?.children?.map((i) => i.checked),
    ).toEqual([false, true]);
    expect(all.find((n) => n.type === 'footnote')).toMatchObject({ text: '数据来自年报' });
    expect(all.find((n) => n.type === 'code')).toMatchObject({ language: 'python' });
    expect(all.find((n) => n.type === 'image')).toMatchObject({ src: PNG, altText: '图表' });
    expect(all.find((n) => n.type === 'link')).toMatchObject({ url: 'https://example.com/' });
    // Bold next to Chinese punctuation is bold, as a Chinese writer means it.
    expect(all.find((n) => n.text === '“重点”')?.format).toBe(1);
  });

  it('keeps a code fence language only when it follows the rule (1–30 of letters, digits, _ + # . -)', () => {
    const langOf = (md: string) =>
      [...walk(markdownToDocument(md).editorState.root as unknown as JsonNode)].find((n) => n.type === 'code')
        ?.language;
    expect(langOf('```c++\nx\n```')).toBe('c++');
    expect(langOf('```C#\nx\n```')).toBe('c#');
    expect(langOf(`\`\`\`${'a'.repeat(31)}\nx\n\`\`\``)).toBeNull();
    expect(langOf('```中文\nx\n```')).toBeNull();
  });

  it('degrades what Markdown cannot hold without losing text: merged cells, colours, sizes, headerless tables', () => {
    const state = editorState([
      paragraphNode(
        [textNode('红色大字', 1, 'color: #ff0000; font-size: 32px;')],
        'center',
        'text-indent: 2em;',
      ),
      tableNode([
        tableRowNode([
          tableCellNode([paragraphNode([textNode('合并')])], false, 2),
          tableCellNode([paragraphNode([textNode('丙')])], false),
        ]),
        tableRowNode([
          tableCellNode([paragraphNode([textNode('甲')]), paragraphNode([textNode('乙')])], false),
          tableCellNode([], false),
          tableCellNode([], false),
        ]),
      ]),
    ]);
    const markdown = documentToMarkdown({ editorState: state });
    expect(markdown).toContain('**红色大字**');
    expect(markdown).toContain('| 合并 | | 丙 |');
    expect(markdown).toContain('| 甲<br>乙 |');
    const back = markdownToDocument(markdown);
    const text = JSON.stringify(back.editorState);
    for (const word of ['红色大字', '合并', '丙', '甲', '乙']) expect(text).toContain(word);
  });

  it('reads a GB18030 file and an image path it cannot reach as a link with the picture’s name', () => {
    // "# 标题" in GB18030.
    const bytes = new Uint8Array([0x23, 0x20, 0xb1, 0xea, 0xcc, 0xe2]);
    expect(markdownToDocument(bytes).title).toBe('标题');
    const doc = markdownToDocument('![示意图](./pics/a.png)');
    const link = [...walk(doc.editorState.root as unknown as JsonNode)].find((n) => n.type === 'link');
    expect(link?.url).toBe('./pics/a.png');
    expect(JSON.stringify(link)).toContain('[图片：示意图]');
    const resolved = markdownToDocument('![示意图](./pics/a.png)', { resolveImage: () => PNG });
    expect(types(resolved.editorState)).toContain('image');
  });

  it('writes several images of the same picture as one asset at the end', () => {
    const image = { type: 'image', version: 1, src: PNG, altText: '图' };
    const state = editorState([paragraphNode([image, textNode('与'), image])]);
    const markdown = documentToMarkdown({ editorState: state });
    expect(markdown.match(/data:image\/png/g)).toHaveLength(1);
    expect(markdown.startsWith('![图][image-1]与![图][image-1]')).toBe(true);
    expect(rootChildren(markdownToDocument(markdown).editorState)[0]?.children?.map((n) => n.type)).toEqual([
      'image',
      'text',
      'image',
    ]);
  });
});
