import type { SerializedEditorState } from 'lexical';
import type { DocumentContent } from '../documents/types';

const text = (t: string, format = 0, style = '') => ({
  type: 'text',
  version: 1,
  text: t,
  format,
  style,
  mode: 'normal',
  detail: 0,
});
const block = { direction: null, format: '', indent: 0, version: 1 };
const para = (children: unknown[], extra: Record<string, unknown> = {}) => ({
  ...block,
  type: 'paragraph',
  textFormat: 0,
  textStyle: '',
  children,
  ...extra,
});
const heading = (tag: string, t: string) => ({ ...block, type: 'heading', tag, children: [text(t)] });
const cell = (t: string, header: boolean) => ({
  ...block,
  type: 'tablecell',
  headerState: header ? 1 : 0,
  colSpan: 1,
  rowSpan: 1,
  backgroundColor: null,
  children: [para([text(t)])],
});

/** A short document with every kind of content the editor shows: for stories and screenshots. */
export const sampleEditorState = {
  root: {
    ...block,
    type: 'root',
    children: [
      heading('h1', '季度工作报告'),
      para([
        text('本季度团队完成了'),
        text('核心功能', 1),
        text('的开发，并在'),
        text('十月', 2),
        text('上线。'),
        { type: 'footnote', version: 1, id: 'fn-sample-1', text: '数据截至九月三十日。' },
      ]),
      heading('h2', '一、主要进展'),
      {
        ...block,
        type: 'list',
        listType: 'bullet',
        start: 1,
        tag: 'ul',
        children: ['完成编辑器的表格与脚注', '接入本地文档存储', '优化长文档的输入延迟'].map((t, i) => ({
          ...block,
          type: 'listitem',
          value: i + 1,
          children: [text(t)],
        })),
      },
      heading('h3', '1.1 数据'),
      {
        ...block,
        type: 'table',
        children: [
          { ...block, type: 'tablerow', children: ['指标', '本季度', '上季度'].map((t) => cell(t, true)) },
          {
            ...block,
            type: 'tablerow',
            children: ['活跃用户', '12,400', '9,800'].map((t) => cell(t, false)),
          },
          { ...block, type: 'tablerow', children: ['文档数', '38,000', '30,500'].map((t) => cell(t, false)) },
        ],
      },
      {
        ...block,
        type: 'code',
        language: 'javascript',
        children: [text('const total = users.reduce((a, b) => a + b, 0); // 合计')],
      },
      para([text('春江潮水连海平，海上明月共潮生。')], { $: { wxBlockStyle: 'text-indent: 2em;' } }),
    ],
  },
} as unknown as SerializedEditorState;

export const sampleContent: DocumentContent = { version: '2.0.0', editorState: sampleEditorState };

/** A document longer than a page: numbered paragraphs, the last one 最后一段. */
export function longContent(paragraphs = 60): DocumentContent {
  const children = Array.from({ length: paragraphs - 1 }, (_, i) =>
    para([text(`第 ${i + 1} 段：这是一段用来把文档写满一页以上的正文。`)]),
  );
  children.push(para([text('最后一段。')]));
  return {
    version: '2.0.0',
    editorState: { root: { ...block, type: 'root', children } } as unknown as SerializedEditorState,
  };
}
