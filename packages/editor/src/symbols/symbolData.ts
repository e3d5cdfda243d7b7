/**
 * The symbols the picker (插入 → 符号) offers, by category: each a character and its Chinese name, which the
 * search box matches (with the character itself and its code point, U+2460).
 */

export interface SymbolEntry {
  char: string;
  name: string;
}

export interface SymbolCategory {
  id: 'punctuation' | 'circled' | 'units' | 'greek' | 'maths' | 'arrows';
  label: string;
  symbols: readonly SymbolEntry[];
}

/** "字 名称|字 名称|…" as entries. */
const entries = (list: string): SymbolEntry[] =>
  list.split('|').map((pair) => {
    const space = pair.indexOf(' ');
    return { char: pair.slice(0, space), name: pair.slice(space + 1) };
  });

const CIRCLED_NAMES = '一二三四五六七八九十'.split('');
const chineseNumber = (n: number) =>
  n <= 10 ? (CIRCLED_NAMES[n - 1] as string) : n < 20 ? `十${CIRCLED_NAMES[n - 11]}` : '二十';

const GREEK: Array<[string, string, string]> = [
  ['α', 'Α', '阿尔法 alpha'],
  ['β', 'Β', '贝塔 beta'],
  ['γ', 'Γ', '伽马 gamma'],
  ['δ', 'Δ', '德尔塔 delta'],
  ['ε', 'Ε', '艾普西隆 epsilon'],
  ['ζ', 'Ζ', '泽塔 zeta'],
  ['η', 'Η', '伊塔 eta'],
  ['θ', 'Θ', '西塔 theta'],
  ['ι', 'Ι', '约塔 iota'],
  ['κ', 'Κ', '卡帕 kappa'],
  ['λ', 'Λ', '兰姆达 lambda'],
  ['μ', 'Μ', '缪 mu'],
  ['ν', 'Ν', '纽 nu'],
  ['ξ', 'Ξ', '克西 xi'],
  ['ο', 'Ο', '奥米克戎 omicron'],
  ['π', 'Π', '派 pi'],
  ['ρ', 'Ρ', '柔 rho'],
  ['σ', 'Σ', '西格玛 sigma'],
  ['τ', 'Τ', '陶 tau'],
  ['υ', 'Υ', '宇普西隆 upsilon'],
  ['φ', 'Φ', '斐 phi'],
  ['χ', 'Χ', '希 chi'],
  ['ψ', 'Ψ', '普西 psi'],
  ['ω', 'Ω', '欧米伽 omega'],
];

export const SYMBOL_CATEGORIES: readonly SymbolCategory[] = [
  {
    id: 'punctuation',
    label: '中文标点',
    symbols: entries(
      '， 逗号|。 句号|、 顿号|； 分号|： 冒号|？ 问号|！ 叹号|“ 左双引号|” 右双引号|‘ 左单引号|’ 右单引号|' +
        '（ 左括号|） 右括号|【 左方头括号|】 右方头括号|《 左书名号|》 右书名号|〈 左单书名号|〉 右单书名号|' +
        '「 左直角引号|」 右直角引号|『 左双直角引号|』 右双直角引号|〔 左六角括号|〕 右六角括号|' +
        '… 省略号|— 破折号|· 间隔号|～ 波浪号|〃 同上符号|々 叠字符号|〇 零|※ 参考符号|§ 节|№ 编号',
    ),
  },
  {
    id: 'circled',
    label: '带圈数字',
    symbols: Array.from({ length: 20 }, (_, i) => ({
      char: String.fromCodePoint(0x2460 + i),
      name: `带圈数字${chineseNumber(i + 1)} ${i + 1}`,
    })),
  },
  {
    id: 'units',
    label: '单位',
    symbols: entries(
      '℃ 摄氏度|℉ 华氏度|° 度|′ 分|″ 秒|‰ 千分号|‱ 万分号|％ 百分号|㎡ 平方米|㎥ 立方米|㎝ 厘米|㎜ 毫米|' +
        '㎞ 千米 公里|㎏ 千克 公斤|㎎ 毫克|㎖ 毫升|㏄ 立方厘米|㏕ 摩尔|Ω 欧姆|㎐ 赫兹|㎾ 千瓦|' +
        '￥ 人民币 元|$ 美元|€ 欧元|£ 英镑|¥ 日元',
    ),
  },
  {
    id: 'greek',
    label: '希腊字母',
    symbols: [
      ...GREEK.map(([lower, , name]) => ({ char: lower, name: `小写${name}` })),
      ...GREEK.map(([, upper, name]) => ({ char: upper, name: `大写${name}` })),
    ],
  },
  {
    id: 'maths',
    label: '数学',
    symbols: entries(
      '± 正负号 加减|× 乘号|÷ 除号|≠ 不等于|≈ 约等于|≡ 恒等于|≤ 小于等于|≥ 大于等于|≪ 远小于|≫ 远大于|' +
        '∞ 无穷|∑ 求和|∏ 求积|√ 根号 平方根|∛ 立方根|∫ 积分|∬ 二重积分|∮ 环路积分|∂ 偏导|∇ 梯度|' +
        '∈ 属于|∉ 不属于|⊂ 真子集|⊆ 子集|⊃ 真包含|∪ 并集|∩ 交集|∅ 空集|∀ 任意|∃ 存在|¬ 非|∧ 且|∨ 或|' +
        '∝ 正比于|∠ 角|⊥ 垂直|∥ 平行|△ 三角形|⊙ 圆|∵ 因为|∴ 所以|½ 二分之一|⅓ 三分之一|¼ 四分之一|' +
        '¾ 四分之三|² 平方 上标二|³ 立方 上标三',
    ),
  },
  {
    id: 'arrows',
    label: '箭头',
    symbols: entries(
      '← 左箭头|→ 右箭头|↑ 上箭头|↓ 下箭头|↔ 左右箭头|↕ 上下箭头|↖ 左上箭头|↗ 右上箭头|↘ 右下箭头|' +
        '↙ 左下箭头|⇐ 左双箭头|⇒ 右双箭头 推出|⇑ 上双箭头|⇓ 下双箭头|⇔ 左右双箭头 等价|↩ 左回转箭头|' +
        '↪ 右回转箭头|⟶ 长右箭头|⟵ 长左箭头|➔ 粗右箭头|↻ 顺时针箭头|↺ 逆时针箭头',
    ),
  },
];

const ALL_SYMBOLS: readonly SymbolEntry[] = (() => {
  const seen = new Set<string>();
  const out: SymbolEntry[] = [];
  for (const category of SYMBOL_CATEGORIES)
    for (const symbol of category.symbols)
      if (!seen.has(symbol.char)) {
        seen.add(symbol.char);
        out.push(symbol);
      }
  return out;
})();

/** The code point as Word's symbol dialog names it: U+2460. */
export const codePointOf = (char: string) =>
  `U+${(char.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;

/** A symbol's entry by its character (a recent symbol's name), or one that names only its code point. */
export const symbolEntry = (char: string): SymbolEntry =>
  ALL_SYMBOLS.find((s) => s.char === char) ?? { char, name: codePointOf(char) };

/**
 * The symbols whose name holds the query (in Chinese or the Greek letter's Latin name), which are the
 * query itself, or whose code point it names (U+2460, 2460); an empty query finds nothing.
 */
export function searchSymbols(query: string): SymbolEntry[] {
  const q = query.trim().toLowerCase();
  if (!q) return [];
  const hex = /^(?:u\+)?([0-9a-f]{4,5})$/.exec(q)?.[1];
  return ALL_SYMBOLS.filter(
    (s) =>
      s.char === query.trim() ||
      s.name.toLowerCase().includes(q) ||
      (hex !== undefined && codePointOf(s.char).slice(2).toLowerCase() === hex.padStart(4, '0')),
  );
}

const RECENT_KEY = 'wx-editor-recent-symbols';
export const MAX_RECENT_SYMBOLS = 20;

/** The user's recent symbols, newest first (none when the browser keeps no storage or it was tampered with). */
export function readRecentSymbols(storage: Pick<Storage, 'getItem'> | undefined = globalStorage()): string[] {
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(RECENT_KEY) ?? '[]');
    return Array.isArray(parsed)
      ? parsed
          .filter((c): c is string => typeof c === 'string' && c.length > 0 && c.length <= 4)
          .slice(0, MAX_RECENT_SYMBOLS)
      : [];
  } catch {
    return [];
  }
}

/** Puts a symbol first among the recent ones (at most 20 kept) and returns the new list. */
export function rememberSymbol(
  char: string,
  storage: Pick<Storage, 'getItem' | 'setItem'> | undefined = globalStorage(),
): string[] {
  const next = [char, ...readRecentSymbols(storage).filter((c) => c !== char)].slice(0, MAX_RECENT_SYMBOLS);
  try {
    storage?.setItem(RECENT_KEY, JSON.stringify(next));
  } catch {
    // A full or refused storage: the symbol is inserted all the same, only not remembered.
  }
  return next;
}

function globalStorage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
}
