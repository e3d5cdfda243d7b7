import type { SerializedEditorState } from 'lexical';

/**
 * A 100-page Chinese document (~100,000 characters): per page a heading, body paragraphs, a list; a table
 * every 5 pages (4 × 4 with a header row) and an image every 10 pages. Deterministic, so runs compare.
 */
const SENTENCES = [
  '春江潮水连海平，海上明月共潮生。',
  '本季度营业收入同比增长百分之十二，主要得益于新产品线的放量。',
  '研究团队在实验中发现，温度对反应速率的影响远大于此前的估计。',
  '城市更新项目应兼顾历史街区保护与居民生活品质的提升。',
  '我们建议在下一阶段引入自动化测试，以降低回归缺陷的风险。',
  '数据表明，用户在移动端的平均停留时长已超过桌面端。',
  '会议决定成立专项小组，负责协调各部门的资源与进度。',
  '在充分调研的基础上，方案对成本、工期与质量进行了综合权衡。',
];

const PNG_1PX =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAYAAAAf8/9hAAAAKElEQVR4nGNkYPj/n4EBCzA0NTL8/8+ABRgZGBgY/v9nYGBgYGBgAAAvHgX+EE5XKgAAAABJRU5ErkJggg==';

const text = (t: string, format = 0) => ({
  type: 'text',
  version: 1,
  text: t,
  format,
  style: '',
  mode: 'normal',
  detail: 0,
});
const para = (children: unknown[]) => ({
  type: 'paragraph',
  version: 1,
  direction: null,
  format: '',
  indent: 0,
  textFormat: 0,
  textStyle: '',
  children,
});
const heading = (tag: string, t: string) => ({
  type: 'heading',
  version: 1,
  tag,
  direction: null,
  format: '',
  indent: 0,
  children: [text(t)],
});
const list = (items: string[]) => ({
  type: 'list',
  version: 1,
  listType: 'bullet',
  start: 1,
  tag: 'ul',
  direction: null,
  format: '',
  indent: 0,
  children: items.map((t, i) => ({
    type: 'listitem',
    version: 1,
    value: i + 1,
    direction: null,
    format: '',
    indent: 0,
    children: [text(t)],
  })),
});
const cell = (t: string, header: boolean) => ({
  type: 'tablecell',
  version: 1,
  headerState: header ? 1 : 0,
  colSpan: 1,
  rowSpan: 1,
  width: undefined,
  backgroundColor: null,
  direction: null,
  format: '',
  indent: 0,
  children: [para([text(t)])],
});
const table = (n: number) => ({
  type: 'table',
  version: 1,
  direction: null,
  format: '',
  indent: 0,
  children: Array.from({ length: 4 }, (_, r) => ({
    type: 'tablerow',
    version: 1,
    direction: null,
    format: '',
    indent: 0,
    children: Array.from({ length: 4 }, (_, c) =>
      cell(r === 0 ? `指标 ${c + 1}` : `${n}.${r}.${c} 数值`, r === 0),
    ),
  })),
});

export function largeChineseDocument(pages = 100): { state: SerializedEditorState; chars: number } {
  const blocks: unknown[] = [];
  let chars = 0;
  let s = 0;
  const sentence = () => SENTENCES[s++ % SENTENCES.length] as string;
  for (let page = 1; page <= pages; page++) {
    const h =
      page % 10 === 1
        ? heading('h1', `第 ${Math.ceil(page / 10)} 章 综合分析`)
        : heading('h2', `${page}. 本页小节`);
    blocks.push(h);
    for (let p = 0; p < 4; p++) {
      let body = '';
      while (body.length < 210) body += sentence();
      chars += body.length;
      blocks.push(para(p === 1 ? [text(body.slice(0, 40), 1), text(body.slice(40))] : [text(body)]));
    }
    const items = [sentence(), sentence(), sentence()];
    chars += items.join('').length;
    blocks.push(list(items));
    if (page % 5 === 0) blocks.push(table(page));
    if (page % 10 === 0)
      blocks.push(para([{ type: 'image', version: 1, src: PNG_1PX, altText: `图 ${page / 10}.png` }]));
  }
  return {
    state: {
      root: { type: 'root', version: 1, direction: null, format: '', indent: 0, children: blocks },
    } as unknown as SerializedEditorState,
    chars,
  };
}
