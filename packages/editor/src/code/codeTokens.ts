/**
 * A small syntax tokenizer for the code block's languages. @lexical/code 0.52 ships no highlighter
 * (its Prism package stops at an older Lexical), so the editor carries its own: one sticky regular
 * expression per language, good enough for colouring comments, strings, keywords and numbers.
 */
export const CODE_LANGUAGES = [
  'plain',
  'markup',
  'clike',
  'c',
  'cpp',
  'bash',
  'json',
  'javascript',
  'typescript',
  'python',
] as const;
export type CodeLanguage = (typeof CODE_LANGUAGES)[number];

export interface CodeToken {
  /** null for plain text, '\n' and '\t' are tokens of their own with type null. */
  type: string | null;
  text: string;
}

type Rule = readonly [type: string, pattern: RegExp];

const C_KEYWORDS =
  'auto|break|case|char|const|continue|default|do|double|else|enum|extern|float|for|goto|if|inline|int|long|register|return|short|signed|sizeof|static|struct|switch|typedef|union|unsigned|void|volatile|while';
const CPP_KEYWORDS = `${C_KEYWORDS}|bool|catch|class|constexpr|delete|explicit|false|friend|namespace|new|nullptr|operator|private|protected|public|template|this|throw|true|try|typename|using|virtual`;
const JS_KEYWORDS =
  'async|await|break|case|catch|class|const|continue|debugger|default|delete|do|else|export|extends|false|finally|for|from|function|if|import|in|instanceof|let|new|null|of|return|static|super|switch|this|throw|true|try|typeof|undefined|var|void|while|with|yield';
const TS_KEYWORDS = `${JS_KEYWORDS}|abstract|any|as|boolean|declare|enum|implements|interface|keyof|namespace|never|number|private|protected|public|readonly|satisfies|string|type|unknown`;
const PY_KEYWORDS =
  'False|None|True|and|as|assert|async|await|break|class|continue|def|del|elif|else|except|finally|for|from|global|if|import|in|is|lambda|nonlocal|not|or|pass|raise|return|try|while|with|yield';
const BASH_KEYWORDS =
  'case|do|done|elif|else|esac|export|fi|for|function|if|in|local|return|select|then|until|while';

const kw = (words: string) => new RegExp(`\\b(?:${words})\\b`, 'y');
const NUMBER: Rule = ['number', /\b(?:0x[\da-f]+|\d+(?:\.\d+)?(?:e[+-]?\d+)?)\b/iy];
const DQ: Rule = ['string', /"(?:\\.|[^"\\\n])*"?/y];
const SQ: Rule = ['string', /'(?:\\.|[^'\\\n])*'?/y];
const BLOCK_COMMENT: Rule = ['comment', /\/\*[\s\S]*?(?:\*\/|$)/y];
const LINE_COMMENT: Rule = ['comment', /\/\/[^\n]*/y];
const FUNCTION: Rule = ['function', /\b[A-Za-z_$][\w$]*(?=\s*\()/y];
const OPERATOR: Rule = ['operator', /[-+*/%=!<>&|^~?:]+/y];
const PUNCT: Rule = ['punctuation', /[{}[\]();,.]/y];

const clike = (keywords: string): Rule[] => [
  BLOCK_COMMENT,
  LINE_COMMENT,
  DQ,
  SQ,
  ['keyword', kw(keywords)],
  NUMBER,
  FUNCTION,
  OPERATOR,
  PUNCT,
];

const RULES: Record<CodeLanguage, Rule[]> = {
  plain: [],
  clike: clike(
    'if|else|while|do|for|return|in|instanceof|function|new|try|throw|catch|finally|null|break|continue|true|false',
  ),
  c: [['property', /#\s*\w+[^\n]*/y], ...clike(C_KEYWORDS)],
  cpp: [['property', /#\s*\w+[^\n]*/y], ...clike(CPP_KEYWORDS)],
  javascript: [['string', /`(?:\\.|[^`\\])*`?/y], ...clike(JS_KEYWORDS)],
  typescript: [['string', /`(?:\\.|[^`\\])*`?/y], ...clike(TS_KEYWORDS)],
  json: [
    ['property', /"(?:\\.|[^"\\\n])*"(?=\s*:)/y],
    DQ,
    NUMBER,
    ['keyword', /\b(?:true|false|null)\b/y],
    PUNCT,
  ],
  python: [
    ['comment', /#[^\n]*/y],
    ['string', /(?:[rbuf]{0,2})(?:"""[\s\S]*?(?:"""|$)|'''[\s\S]*?(?:'''|$))/iy],
    DQ,
    SQ,
    ['keyword', kw(PY_KEYWORDS)],
    NUMBER,
    FUNCTION,
    OPERATOR,
    PUNCT,
  ],
  bash: [
    ['comment', /#[^\n]*/y],
    DQ,
    SQ,
    ['variable', /\$(?:\{[^}\n]*\}?|\w+)/y],
    ['keyword', kw(BASH_KEYWORDS)],
    ['function', /\b(?:echo|cd|ls|cat|grep|sed|awk|export|source|pnpm|npm|git)\b/y],
    NUMBER,
    OPERATOR,
  ],
  markup: [
    ['comment', /<!--[\s\S]*?(?:-->|$)/y],
    ['tag', /<\/?[A-Za-z][\w:-]*/y],
    ['attr-name', /\s[A-Za-z_:][\w:.-]*(?==)/y],
    ['string', /"[^"\n]*"?|'[^'\n]*'?/y],
    ['tag', /\/?>/y],
    ['entity', /&[#\w]+;/y],
  ],
};

export function normalizeCodeLanguage(language: string | null | undefined): CodeLanguage {
  const lower = (language ?? '').toLowerCase();
  const aliases: Record<string, CodeLanguage> = {
    js: 'javascript',
    ts: 'typescript',
    py: 'python',
    sh: 'bash',
    shell: 'bash',
    html: 'markup',
    xml: 'markup',
    'c++': 'cpp',
    text: 'plain',
    '': 'plain',
  };
  if ((CODE_LANGUAGES as readonly string[]).includes(lower)) return lower as CodeLanguage;
  return aliases[lower] ?? 'plain';
}

/** Splits code into tokens; line breaks and tabs always stand alone. */
export function tokenizeCode(code: string, language: string | null | undefined): CodeToken[] {
  const rules = RULES[normalizeCodeLanguage(language)];
  const tokens: CodeToken[] = [];
  let plain = '';
  const flushPlain = () => {
    if (plain) tokens.push({ type: null, text: plain });
    plain = '';
  };
  const push = (type: string | null, text: string) => {
    // Tokens never span a line break or a tab: they are nodes of their own in the editor.
    const parts = text.split(/(\n|\t)/);
    for (const part of parts) {
      if (!part) continue;
      if (part === '\n' || part === '\t') tokens.push({ type: null, text: part });
      else tokens.push({ type, text: part });
    }
  };
  let index = 0;
  outer: while (index < code.length) {
    const ch = code[index] as string;
    if (ch === '\n' || ch === '\t') {
      flushPlain();
      tokens.push({ type: null, text: ch });
      index += 1;
      continue;
    }
    for (const [type, pattern] of rules) {
      pattern.lastIndex = index;
      const match = pattern.exec(code);
      if (match && match[0].length > 0) {
        flushPlain();
        push(type, match[0]);
        index += match[0].length;
        continue outer;
      }
    }
    // Step over a whole identifier so keyword rules cannot match inside one ("format" holds "for").
    const word = /[\w$]+/y;
    word.lastIndex = index;
    const w = word.exec(code);
    const step = w ? w[0].length : 1;
    plain += code.slice(index, index + step);
    index += step;
  }
  flushPlain();
  // Merge neighbouring plain runs (from split) so the node count stays small.
  const merged: CodeToken[] = [];
  for (const token of tokens) {
    const last = merged[merged.length - 1];
    if (
      last &&
      last.type === token.type &&
      token.text !== '\n' &&
      token.text !== '\t' &&
      last.text !== '\n' &&
      last.text !== '\t'
    )
      last.text += token.text;
    else merged.push({ ...token });
  }
  return merged;
}
