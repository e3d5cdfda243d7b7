import type katexModule from 'katex';
import { t } from '../i18n/zh-CN';
import { FORMULA_KATEX_OPTIONS, FORMULA_MAX } from './formulaModel';

type Katex = typeof katexModule;

/*
 * What is wrong with a formula's LaTeX, in Chinese, for the dialog to show beside its preview. KaTeX's
 * parse errors are English sentences of a few known shapes; those are said again in Chinese, and any
 * other keeps KaTeX's detail after a Chinese lead.
 */

const TOKEN_NAMES: Record<string, string> = { EOF: '公式结尾', '}': '右花括号 }', '{': '左花括号 {' };
const token = (name: string) => TOKEN_NAMES[name] ?? name;

const MESSAGES: Array<[RegExp, (...groups: string[]) => string]> = [
  [/^Expected '(.+?)', got 'EOF'/, (expected) => `缺少 ${token(expected ?? '')}`],
  [
    /^Expected '(.+?)', got '(.+?)'/,
    (expected, got) => `此处应为 ${token(expected ?? '')}，却是 ${token(got ?? '')}`,
  ],
  [/^Undefined control sequence: (\S+)/, (name) => `未知的命令 ${name}`],
  [/^Extra (\}|\\right|\\end)/, (what) => `多余的 ${what}`],
  [/^Double superscript/, () => '上标重复，请用花括号把上标括起来'],
  [/^Double subscript/, () => '下标重复，请用花括号把下标括起来'],
  [/^Expected group (?:after|as argument to) '(.+?)'/, (name) => `${name} 后缺少参数`],
  [/^Missing (?:argument|group)/, () => '缺少参数'],
  [/^Unknown environment '(.+?)'/, (name) => `未知的环境 ${name}`],
  [/^Mismatch: \\begin\{(.+?)\} matched by \\end\{(.+?)\}/, (a, b) => `\\begin{${a}} 与 \\end{${b}} 不匹配`],
  [/^Unexpected end of input/, () => '公式不完整'],
  [/^Too many expansions/, () => '宏展开次数过多'],
  [/^Can't use function '(.+?)' in (?:math|text) mode/, (name) => `${name} 不能用在此处`],
  [/not trusted/i, () => '出于安全考虑，不支持此命令'],
];

/** A KaTeX parse error's message in Chinese, with the character it points at (1-based) when known. */
export function formulaErrorMessage(error: unknown): string {
  const raw = (error as { rawMessage?: string })?.rawMessage ?? (error as Error)?.message ?? String(error);
  const position = (error as { position?: number })?.position;
  let detail = '';
  for (const [pattern, say] of MESSAGES) {
    const match = pattern.exec(raw);
    if (match) {
      detail = say(...match.slice(1));
      break;
    }
  }
  detail ||= `无法识别的写法（${raw.replace(/^KaTeX parse error: /, '')}）`;
  return typeof position === 'number' ? t.formula.errorAt(position + 1, detail) : t.formula.error(detail);
}

/** What is wrong with `tex` (empty, too long, or not parsed by KaTeX), or null when it typesets. */
export function formulaProblem(katex: Katex, tex: string): string | null {
  if (!tex.trim()) return t.formula.empty;
  if ([...tex].length > FORMULA_MAX) return t.formula.tooLong(FORMULA_MAX);
  // A command refused as untrusted (\href, \includegraphics…) is drawn in red, not thrown: asked here.
  let refused = '';
  try {
    katex.renderToString(tex, {
      ...FORMULA_KATEX_OPTIONS,
      output: 'mathml',
      throwOnError: true,
      trust: (context) => {
        refused ||= context.command;
        return false;
      },
    });
    return refused ? t.formula.error(t.formula.untrusted(refused)) : null;
  } catch (error) {
    return formulaErrorMessage(error);
  }
}
