import { DOMParser } from '@xmldom/xmldom';
import { unzipSync } from 'fflate';
import katex from 'katex';
import { describe, expect, it } from 'vitest';
import { documentToDocx } from '../convert/docxExport';
import { docxToDocument } from '../convert/docxImport';
import { documentToMarkdown, markdownToDocument } from '../convert/markdown';
import { editorState, type JsonNode, paragraphNode, rootChildren, textNode, walk } from '../convert/nodes';
import { checkedEditorState } from '../files/importFile';
import { formulaProblem } from './formulaCheck';
import { boundedTex, FORMULA_MAX, formulaNode } from './formulaModel';
import { latexToMathml, latexToOmml, mathmlToOmml, OMML_NAMESPACE } from './omml';
import { ommlToLatex } from './ommlToLatex';

const M = (inner: string) => `<math xmlns="http://www.w3.org/1998/Math/MathML">${inner}</math>`;
const r = (text: string) => `<m:r><m:t xml:space="preserve">${text}</m:t></m:r>`;
const omml = (tex: string) => mathmlToOmml(latexToMathml(tex));

const parseOmml = (xml: string) =>
  new DOMParser().parseFromString(xml, 'text/xml').documentElement as unknown as Element;

const formulasOf = (state: ReturnType<typeof editorState>) =>
  [...walk(state.root as unknown as JsonNode)].filter((n) => n.type === 'formula');

describe('LaTeX → MathML → OMML, one construct at a time', () => {
  it('mi mn mo: runs, a name of several letters upright', () => {
    expect(omml('x+1')).toBe(`${r('x')}${r('+')}${r('1')}`);
    expect(omml('\\sin x')).toBe(
      `<m:r><m:rPr><m:sty m:val="p"/></m:rPr><m:t xml:space="preserve">sin</m:t></m:r>${r('x')}`,
    );
  });

  it('mfrac: m:f with numerator and denominator; \\binom without its bar, in brackets', () => {
    expect(omml('\\frac{a}{b}')).toBe(`<m:f><m:num>${r('a')}</m:num><m:den>${r('b')}</m:den></m:f>`);
    expect(omml('\\binom{n}{k}')).toContain('<m:d><m:dPr><m:begChr m:val="("/><m:endChr m:val=")"/></m:dPr>');
    expect(omml('\\binom{n}{k}')).toContain('<m:fPr><m:type m:val="noBar"/></m:fPr>');
  });

  it('msup, msub, msubsup: m:sSup, m:sSub, m:sSubSup', () => {
    expect(omml('x^2')).toBe(`<m:sSup><m:e>${r('x')}</m:e><m:sup>${r('2')}</m:sup></m:sSup>`);
    expect(omml('x_i')).toBe(`<m:sSub><m:e>${r('x')}</m:e><m:sub>${r('i')}</m:sub></m:sSub>`);
    expect(omml('x_i^2')).toBe(
      `<m:sSubSup><m:e>${r('x')}</m:e><m:sub>${r('i')}</m:sub><m:sup>${r('2')}</m:sup></m:sSubSup>`,
    );
  });

  it('msqrt and mroot: m:rad, its degree hidden or given', () => {
    expect(omml('\\sqrt{x}')).toBe(
      `<m:rad><m:radPr><m:degHide m:val="1"/></m:radPr><m:deg/><m:e>${r('x')}</m:e></m:rad>`,
    );
    expect(omml('\\sqrt[3]{x}')).toBe(`<m:rad><m:deg>${r('3')}</m:deg><m:e>${r('x')}</m:e></m:rad>`);
  });

  it('big operators: m:nary over what follows, up to the next relation', () => {
    const sum = mathmlToOmml(latexToMathml('\\sum_{i=1}^{n} a_i = S', true));
    expect(sum).toMatch(/^<m:nary><m:naryPr><m:chr m:val="∑"\/><m:limLoc m:val="undOvr"\/><\/m:naryPr>/);
    expect(sum).toContain(`<m:sup>${r('n')}</m:sup><m:e><m:sSub>`);
    expect(sum).toMatch(/<\/m:nary><m:r><m:t xml:space="preserve">=<\/m:t>/);
    const integral = omml('\\int_0^1 f(x)\\,dx');
    // The integral is Word's default n-ary character: no m:chr.
    expect(integral).toMatch(/^<m:nary><m:naryPr><m:limLoc m:val="subSup"\/><\/m:naryPr><m:sub>/);
    expect(integral).toMatch(/<m:e>.*f.*d.*x.*<\/m:e><\/m:nary>$/);
    expect(omml('\\prod_k')).toContain('<m:supHide m:val="1"/>');
  });

  it('munder, mover, munderover: m:limLow and m:limUpp; an accent is m:acc', () => {
    expect(mathmlToOmml(M('<munder><mi>lim</mi><mi>n</mi></munder>'))).toBe(
      `<m:limLow><m:e><m:r><m:rPr><m:sty m:val="p"/></m:rPr><m:t xml:space="preserve">lim</m:t></m:r></m:e><m:lim>${r('n')}</m:lim></m:limLow>`,
    );
    expect(omml('\\overset{!}{=}')).toBe(`<m:limUpp><m:e>${r('=')}</m:e><m:lim>${r('!')}</m:lim></m:limUpp>`);
    expect(mathmlToOmml(M('<munderover><mi>A</mi><mi>b</mi><mi>c</mi></munderover>'))).toBe(
      `<m:limUpp><m:e><m:limLow><m:e>${r('A')}</m:e><m:lim>${r('b')}</m:lim></m:limLow></m:e><m:lim>${r('c')}</m:lim></m:limUpp>`,
    );
    expect(omml('\\hat{x}')).toBe(`<m:acc><m:accPr><m:chr m:val="^"/></m:accPr><m:e>${r('x')}</m:e></m:acc>`);
    // lim in an inline formula, which KaTeX writes as a subscript, keeps its limit below.
    expect(omml('\\lim_{n}')).toMatch(/^<m:limLow>/);
  });

  it('mtable: m:m, one m:mr per row, in its brackets', () => {
    const matrix = omml('\\begin{pmatrix}a&b\\\\c&d\\end{pmatrix}');
    expect(matrix).toContain('<m:m><m:mPr><m:mcs><m:mc><m:mcPr><m:count m:val="2"/>');
    expect(matrix).toContain(`<m:mr><m:e>${r('a')}</m:e><m:e>${r('b')}</m:e></m:mr>`);
    expect(matrix).toContain(`<m:mr><m:e>${r('c')}</m:e><m:e>${r('d')}</m:e></m:mr>`);
    expect(matrix).toMatch(/^<m:d><m:dPr><m:begChr m:val="\("\/><m:endChr m:val="\)"\/><\/m:dPr><m:e><m:m>/);
  });

  it('mtext, mspace, semantics/annotation: ordinary text, spaces, the TeX annotation left out', () => {
    expect(omml('\\text{若}x')).toBe(
      `<m:r><m:rPr><m:nor/></m:rPr><m:t xml:space="preserve">若</m:t></m:r>${r('x')}`,
    );
    expect(omml('a\\quad b')).toBe(`${r('a')}${r('\u2003')}${r('b')}`);
    const mathml = latexToMathml('y');
    expect(mathml).toContain('<annotation encoding="application/x-tex">y</annotation>');
    expect(mathmlToOmml(mathml)).toBe(r('y'));
    expect(omml('\\mathbb{R}')).toContain('<m:scr m:val="double-struck"/>');
  });

  it('wraps an equation in m:oMath, a display one in a centred m:oMathPara, and keeps bad LaTeX as text', () => {
    expect(latexToOmml('x')).toBe(`<m:oMath xmlns:m="${OMML_NAMESPACE}">${r('x')}</m:oMath>`);
    expect(latexToOmml('x', true)).toMatch(
      /^<m:oMathPara xmlns:m="[^"]+"><m:oMathParaPr><m:jc m:val="center"\/><\/m:oMathParaPr><m:oMath>/,
    );
    expect(latexToOmml('\\frac{a')).toContain('<m:nor/></m:rPr><m:t xml:space="preserve">\\frac{a</m:t>');
    expect(latexToOmml('a<b & c')).toContain('&lt;');
  });
});

describe('OMML → LaTeX', () => {
  const samples = [
    '\\frac{a}{b}',
    'x^{2}+y_{i}',
    'x_i^2',
    '\\sqrt{x}+\\sqrt[3]{y}',
    '\\sum_{i=1}^{n} a_i = S',
    '\\int_{0}^{1} f(x)\\,dx',
    '\\begin{pmatrix} a & b \\\\ c & d \\end{pmatrix}',
    '\\lim_{x\\to 0}\\sin x',
    '\\hat{x}+\\text{若}',
    '\\overset{!}{=}',
  ];
  it.each(samples)('reads back %s as LaTeX that writes the same equation', (tex) => {
    const first = latexToOmml(tex);
    const latex = ommlToLatex(parseOmml(first));
    expect(katex.renderToString(latex, { throwOnError: true })).toBeTruthy();
    expect(latexToOmml(latex)).toBe(first);
  });

  it("reads Word's own structures: functions, bars, equation arrays", () => {
    const xml = `<m:oMath xmlns:m="${OMML_NAMESPACE}"><m:func><m:fName>${r('cos')}</m:fName><m:e>${r('θ')}</m:e></m:func><m:bar><m:barPr><m:pos m:val="top"/></m:barPr><m:e>${r('z')}</m:e></m:bar><m:eqArr><m:e>${r('a')}</m:e><m:e>${r('b')}</m:e></m:eqArr></m:oMath>`;
    expect(ommlToLatex(parseOmml(xml))).toBe('\\cosθ\\overline{z}\\begin{aligned}a \\\\ b\\end{aligned}');
  });
});

describe('the formula in the converters', () => {
  it('reads Markdown $…$ and $$…$$ as formulas and writes them back', () => {
    const { editorState: state } = markdownToDocument('质能方程 $E=mc^2$ 成立。\n\n$$\n\\frac{a}{b}\n$$\n');
    const [inline, display] = formulasOf(state);
    expect(inline).toMatchObject({ type: 'formula', tex: 'E=mc^2', display: false });
    expect(display).toMatchObject({ type: 'formula', tex: '\\frac{a}{b}', display: true });
    expect(rootChildren(state)[1]?.type).toBe('formula');
    const markdown = documentToMarkdown({ editorState: state });
    expect(markdown).toContain('$E=mc^2$');
    expect(markdown).toContain('$$\n\\frac{a}{b}\n$$');
    expect(formulasOf(markdownToDocument(markdown).editorState)).toEqual([inline, display]);
    // A dollar in the text is escaped, so it does not read back as a formula.
    const price = documentToMarkdown({ editorState: editorState([paragraphNode([textNode('$5 和 $6')])]) });
    expect(formulasOf(markdownToDocument(price).editorState)).toEqual([]);
  });

  it('writes Word equations into the DOCX and reads them back as the same formulas', async () => {
    const state = editorState([
      paragraphNode([textNode('比例 '), formulaNode('\\frac{a}{b}'), textNode(' 之后')]),
      formulaNode('\\sum_{i=1}^{n} x_i^2', true),
    ]);
    const bytes = await documentToDocx({ editorState: state, title: '公式' });
    const xml = new TextDecoder().decode(unzipSync(bytes)['word/document.xml']);
    expect(xml).toMatch(/<m:oMath[^>]*><m:f><m:num>/);
    expect(xml).toMatch(/<w:jc w:val="center"\/><\/w:pPr><m:oMathPara/);
    const back = await docxToDocument(bytes);
    const formulas = formulasOf(back.editorState);
    expect(formulas.map((f) => f.display)).toEqual([false, true]);
    expect(formulas[0]?.tex).toBe('\\frac{a}{b}');
    // The sum reads back as LaTeX that writes the same equation (its braces may differ).
    expect(latexToOmml(String(formulas[1]?.tex), true)).toBe(latexToOmml('\\sum_{i=1}^{n} x_i^2', true));
    expect(rootChildren(back.editorState)[1]?.type).toBe('formula');
    expect(JSON.stringify(back.editorState)).toContain('比例 ');
    expect(JSON.stringify(back.editorState)).toContain(' 之后');
    // The editor accepts the state it read (its nodes parse).
    expect(() => checkedEditorState(back.editorState)).not.toThrow();
  });
});

describe('the formula itself', () => {
  it('bounds its source', () => {
    expect([...boundedTex('x'.repeat(FORMULA_MAX + 10))].length).toBe(FORMULA_MAX);
    expect(boundedTex(42)).toBe('');
  });

  it('says in Chinese what is wrong with bad LaTeX', () => {
    expect(formulaProblem(katex, '\\frac{a}{b}')).toBeNull();
    expect(formulaProblem(katex, '  ')).toBe('请输入公式。');
    expect(formulaProblem(katex, '\\frac{a')).toMatch(/^第 \d+ 个字符附近有误：(公式不完整|缺少 右花括号 })/);
    expect(formulaProblem(katex, '\\foo')).toMatch(/未知的命令 \\foo/);
    expect(formulaProblem(katex, 'x^2^3')).toMatch(/上标重复/);
    expect(formulaProblem(katex, '\\href{x}{y}')).toBe('公式有误：出于安全考虑，不支持 \\href');
  });
});

describe('the formula in the PDF', () => {
  it('reads a formula for the PDF as a slot to typeset, its LaTeX source kept to print if it cannot be', async () => {
    const { blocksOf } = await import('../files/pdf/blocks');
    const blocks = blocksOf(
      editorState([paragraphNode([textNode('设 '), formulaNode('x^2')]), formulaNode('\\frac{a}{b}', true)]),
    );
    expect(blocks[0]).toMatchObject({
      kind: 'paragraph',
      runs: [{ text: '设 ' }, { text: '$x^2$', code: true, formula: { tex: 'x^2' } }],
    });
    expect(blocks[1]).toEqual({ kind: 'formula', formula: { tex: '\\frac{a}{b}' } });
  });
});
