/** The interface text of the answer renderer's maths and diagrams. */
export const markdownText = {
  diagram: 'Mermaid 图表',
  /** A drawn diagram's alternative text: its labels, in the order Mermaid drew them. */
  diagramAlt: (labels: readonly string[]) =>
    labels.length === 0 ? 'Mermaid 图表' : `Mermaid 图表：${labels.join('，')}`,
  diagramInvalid: '这段 Mermaid 图表有误，无法绘制，下面显示它的源码。',
  diagramUnavailable: '图表组件加载失败，下面显示图表的源码。',
  copyDiagramSource: '复制图表源码',
} as const;
