/** The strategy board's words, in Chinese. */
export const marketText = {
  title: '短线策略看板',
  updatedAt: '更新时间',
  simulated: '模拟行情',
  simulatedHint: '当前数据来自内置的模拟行情，并非真实市场数据',
  /** Shown quietly on the board and each report, and at the end of every copied text. */
  disclaimer: '本页内容仅供参考，不构成投资建议；股市有风险，投资需谨慎',
  dailyError: '获取情绪指标数据失败，请稍后重试',
  minuteError: '获取分钟情绪数据失败',
  minuteEmpty: '暂无分钟级情绪数据',
  explain: {
    title: (at: string) => `最新情绪构成 · ${at}`,
    focusedTitle: (at: string) => `情绪构成 · ${at}`,
    value: '情绪值',
    noScores: '该数据点暂无分项得分',
    missing: '暂无',
  },
} as const;
