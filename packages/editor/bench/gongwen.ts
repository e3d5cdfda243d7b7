import type { SerializedEditorState } from 'lexical';
import { DEFAULT_STYLE_PRESETS, type StylePresets } from '../src/styles/presets';

/**
 * A 公文 (a government notice) of a given number of pages in the four faces, as GB/T 9704 sets one: the
 * title in 宋体 (for 小标宋) 二号 bold, centred; headings of the first level in 黑体 三号 and of the second
 * in 楷体 三号; the body in 仿宋 三号 on a fixed 28 pt line with a two-character first-line indent,
 * justified, with bold 仿宋 phrases; the signature and date on the right, the 落款 distributed. Its text
 * is 公文's own vocabulary, so it has as many distinct characters as a real one. Deterministic.
 */

const SENTENCES = [
  '各地区、各部门要坚持人民至上、生命至上，统筹发展和安全，切实把安全生产各项措施落到实处。',
  '要进一步压实属地管理责任、部门监管责任和企业主体责任，层层签订责任书，确保责任到岗到人。',
  '深入开展安全生产专项整治三年行动，聚焦危险化学品、矿山、交通运输、建筑施工等重点行业领域。',
  '健全隐患排查治理双重预防机制，对排查出的重大隐患实行挂牌督办，做到整改措施、责任、资金、时限和预案五落实。',
  '加强应急救援队伍建设，完善应急预案体系，定期组织开展综合演练，提高突发事件处置能力。',
  '充分运用信息化手段，推进安全生产风险监测预警系统建设，实现对重大危险源的实时监控。',
  '严格落实领导干部带班值班制度，遇有重要情况及时报告，不得迟报、漏报、谎报、瞒报。',
  '加大执法检查力度，对非法违法生产经营建设行为依法从严查处，形成有力震慑。',
  '广泛开展安全生产宣传教育活动，推动安全知识进企业、进学校、进农村、进社区、进家庭。',
  '各级财政要加大安全生产投入，保障隐患治理、监管能力建设和应急救援装备购置等经费需要。',
  '建立健全安全生产考核评价体系，将考核结果作为领导班子和领导干部综合考核评价的重要依据。',
  '对发生较大以上生产安全事故的地区和单位，实行一票否决，并依法依规严肃追究有关人员责任。',
  '要认真总结经验做法，及时研究解决工作中遇到的新情况新问题，不断提升安全生产治理水平。',
  '本通知自印发之日起施行，执行中遇到的问题请及时报市应急管理局。',
];
const EMPHASIS = ['必须高度重视', '坚决防范和遏制', '务必做到', '切实加强', '严格落实'];
const NUMBERS = ['一', '二', '三', '四', '五', '六', '七', '八', '九', '十'];

const text = (t: string, format = 0, style = '') => ({
  type: 'text',
  version: 1,
  text: t,
  format,
  style,
  mode: 'normal',
  detail: 0,
});
const block = { version: 1, direction: null, indent: 0 };
const para = (children: unknown[], format = '', wxBlockStyle = '') => ({
  ...block,
  type: 'paragraph',
  format,
  textFormat: 0,
  textStyle: '',
  children,
  ...(wxBlockStyle ? { $: { wxBlockStyle } } : {}),
});
const heading = (tag: string, t: string) => ({
  ...block,
  type: 'heading',
  tag,
  format: '',
  children: [text(t)],
});

const SONG =
  'font-family: "SimSun", "宋体", "Songti SC", "STSong", "Noto Serif SC", "Source Han Serif SC", serif;';
const FANG = 'font-family: "FangSong", "仿宋", "FangSong_GB2312", "STFangsong", serif;';
const SANHAO = 'font-size: 21.33px;';
const BODY = 'line-height: 37.33px; text-indent: 2em;';

/** The presets a 公文 is styled by: 仿宋 三号 body, 黑体 and 楷体 三号 headings, not bold. */
export const GONGWEN_PRESETS: StylePresets = {
  ...DEFAULT_STYLE_PRESETS,
  paragraph: {
    ...DEFAULT_STYLE_PRESETS.paragraph,
    fontFamily: 'fangsong',
    fontSizePx: 21.33,
    lineHeightAdv: { kind: 'exact', value: 37.33, unit: 'px' },
  },
  h1: { ...DEFAULT_STYLE_PRESETS.h1, fontFamily: 'heiti', bold: false, fontSizePx: 21.33 },
  h2: { ...DEFAULT_STYLE_PRESETS.h2, fontFamily: 'kaiti', bold: false, fontSizePx: 21.33 },
};

/**
 * About `pages` A4 pages of 公文. A page of body text holds 22 lines of 28 characters; with the headings'
 * lines and the paragraphs' short last lines, about 400 characters of text fill one.
 */
export function gongwenDocument(pages: number): { state: SerializedEditorState; chars: number } {
  const children: unknown[] = [
    para([text('关于做好2026年度安全生产工作的通知', 1, `${SONG} font-size: 29.33px;`)], 'center'),
    para(
      [text('各区人民政府，市政府各委、办、局，各有关单位：', 0, `${FANG} ${SANHAO}`)],
      'justify',
      'line-height: 37.33px;',
    ),
  ];
  let chars = 0;
  let n = 0;
  const perPage = 400;
  for (let section = 0; chars < pages * perPage; section++) {
    children.push(
      heading('h1', `${NUMBERS[section % 10]}、${SENTENCES[section % SENTENCES.length]?.slice(0, 8)}`),
    );
    for (let sub = 0; sub < 3 && chars < pages * perPage; sub++) {
      children.push(
        heading(
          'h2',
          `（${NUMBERS[sub]}）${SENTENCES[(section + sub + 3) % SENTENCES.length]?.slice(2, 10)}`,
        ),
      );
      for (let p = 0; p < 3; p++) {
        const first = SENTENCES[n++ % SENTENCES.length] as string;
        const second = SENTENCES[(n * 7) % SENTENCES.length] as string;
        const stress = EMPHASIS[n % EMPHASIS.length] as string;
        chars += first.length + second.length + stress.length;
        children.push(
          para(
            [
              text(first, 0, `${FANG} ${SANHAO}`),
              text(stress, 1, `${FANG} ${SANHAO}`),
              text(second, 0, `${FANG} ${SANHAO}`),
            ],
            'justify',
            BODY,
          ),
        );
      }
    }
  }
  children.push(
    para([text('某某市人民政府办公室', 0, `${FANG} ${SANHAO}`)], 'right', 'line-height: 37.33px;'),
    para([text('2026年1月5日', 0, `${FANG} ${SANHAO}`)], 'right', 'line-height: 37.33px;'),
    para(
      [text('（此件公开发布）', 0, `${FANG} ${SANHAO}`)],
      'justify',
      'text-align-last: justify; line-height: 37.33px;',
    ),
  );
  return {
    state: {
      root: { type: 'root', version: 1, direction: null, format: '', indent: 0, children },
    } as unknown as SerializedEditorState,
    chars,
  };
}
