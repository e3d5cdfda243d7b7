/**
 * A long, realistic answer: headings, paragraphs with inline marks, loose and tight lists, tables and
 * highlighted code in several languages, repeated with numbered variations up to `length` characters.
 */
const section = (n: number) => `## 第 ${n} 部分：复利与长期投资

复利是**利滚利**：本金产生的利息，下一期也开始产生利息。第 ${n} 个例子里，我们用 \`P × (1 + r)^n\` 计算终值，
并对比*单利*的结果。更多背景可以参考[维基百科](https://zh.wikipedia.org/wiki/复利)。

1. 确定本金 P 与年化收益率 r；
2. 确定年限 n，注意按月复利时要换算；
3. 计算终值并与通胀对比。

| 年份 | 单利（元） | 复利（元） |
| --- | ---: | ---: |
| 1 | ${100 + n} | ${100 + n} |
| 5 | ${150 + n} | ${161 + n} |
| 10 | ${200 + n} | ${259 + n} |

\`\`\`python
def future_value(principal: float, rate: float, years: int) -> float:
    """终值：第 ${n} 个例子"""
    value = principal
    for _ in range(years):
        value *= 1 + rate
    return round(value, 2)

print(future_value(10000, 0.05, ${n}))
\`\`\`

> 提示：时间越长，复利的优势越明显；但也要考虑风险与流动性。

- 定投可以平滑成本
- 分散配置降低波动
- 保持耐心，避免频繁交易

\`\`\`ts
export function compound(p: number, r: number, n: number): number {
  return p * (1 + r) ** n; // 第 ${n} 个例子
}
\`\`\`

`;

export function longAnswer(length: number): string {
  let text = '# 复利入门：一份完整指南\n\n';
  for (let n = 1; text.length < length; n += 1) text += section(n);
  return text.slice(0, length);
}

/**
 * A maths-heavy answer (a derivation as a tutor model writes it): inline `$…$` and `\( \)` in every
 * paragraph, `$$` and `\[ \]` display formulas, a formula table and prices that are not maths.
 */
const mathSection = (n: number) => `## 第 ${n} 步：连续复利的推导

设本金为 $P$，年利率为 $r$，每年复利 $m$ 次，则 $t$ 年后的终值为 \\(A = P\\left(1 + \\frac{r}{m}\\right)^{mt}\\)。
令 $m \\to \\infty$，利用极限 $\\lim_{x \\to \\infty}\\left(1 + \\frac{1}{x}\\right)^x = e$，得到：

$$
A = \\lim_{m \\to \\infty} P\\left(1 + \\frac{r}{m}\\right)^{mt} = P e^{rt}, \\quad t = ${n}
$$

当 $r = 0.0${(n % 9) + 1}$ 时，翻倍时间满足 $e^{rT} = 2$，即 $T = \\frac{\\ln 2}{r} \\approx \\frac{0.693}{r}$。
比如买入价 $5 和卖出价 $10 的股票，收益率为 $\\frac{10 - 5}{5} = 100\\%$。

\\[
\\sum_{k=0}^{\\infty} \\frac{(rt)^k}{k!} = e^{rt}, \\qquad \\int_0^{t} P r e^{rs}\\,ds = P\\left(e^{rt} - 1\\right)
\\]

| 记号 | 含义 | 公式 |
| --- | --- | --- |
| $P$ | 本金 | $P_0 = ${1000 * n}$ |
| $A$ | 终值 | $A = Pe^{rt}$ |
| $T$ | 翻倍时间 | $T = \\ln 2 / r$ |

1. 取对数：$\\ln A = \\ln P + rt$；
2. 求导：$\\frac{dA}{dt} = rA$，即增长率与当前值成正比；
3. 矩阵形式：$\\mathbf{x}_{t+1} = \\begin{pmatrix} 1 + r & 0 \\\\ 0 & 1 \\end{pmatrix} \\mathbf{x}_t$。

`;

export function mathAnswer(length: number): string {
  let text = '# 连续复利：从离散到连续\n\n';
  for (let n = 1; text.length < length; n += 1) text += mathSection(n);
  return text.slice(0, length);
}
