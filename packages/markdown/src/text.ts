/** Every user-facing string of @wanxiang/markdown; zh-CN is the complete catalogue. */
export const markdownText = {
  /** A code block's header: its language, or 代码 when the fence names none. */
  codeLanguage: (lang: string) => lang || '代码',
  copyCode: '复制代码',
  copied: '已复制',
  copyFailed: '复制失败，请手动选择文本复制',
  taskDone: '已完成',
  taskTodo: '未完成',
  /** A `[n]` mark of a searched answer, as a link to its source. */
  sourceLink: (index: number, title: string) => `来源 ${index}：${title}（在新标签页打开）`,
  diagram: 'Mermaid 图表',
  /** A drawn diagram's alternative text: its labels, in the order Mermaid drew them. */
  diagramAlt: (labels: readonly string[]) =>
    labels.length === 0 ? 'Mermaid 图表' : `Mermaid 图表：${labels.join('，')}`,
  diagramInvalid: '这段 Mermaid 图表有误，无法绘制，下面显示它的源码。',
  diagramUnavailable: '图表组件加载失败，下面显示图表的源码。',
  copyDiagramSource: '复制图表源码',
} as const;
