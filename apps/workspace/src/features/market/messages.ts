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
    /** The accessible name of a number's explanation button. */
    explainNumber: (name: string, shown: string) => `${name} ${shown}，查看计算说明`,
  },
  /** What each number on the board means and how it is computed; emotionFormula.ts holds the figures. */
  formula: {
    panelTitle: '指标说明',
    valueTitle: '情绪值（0–100）',
    valueMeasures: '短线情绪的综合分：七个分项各按锚点折算成 0–100 分，再按权重加权平均。',
    valueFormula: '情绪值 = Σ 权重 × 分项得分 ÷ Σ 权重（只计有数据的分项），保留两位小数。',
    valueToday: (value: string, counted: number) =>
      `今日情绪值 ${value}，由 ${counted} 个有数据的分项加权得出。`,
    valueShared: (names: string) => `${names}缺少输入，其权重由其余分项按比例分摊。`,
    componentsTitle: '七个分项（线性折算，超出锚点按 0 或 100 计）',
    columns: { name: '分项', raw: '原始值', zeroAt: '0 分', fullAt: '100 分', weight: '权重', today: '今日' },
    measures: {
      yesterday_limit_up_return: '昨日涨停个股今日的平均涨跌幅，即打板接力的赚钱效应',
      broken_rate: '炸板数 ÷（涨停数 + 炸板数），封板失败的比例，越低越好',
      limit_up: '今日涨停家数，短线资金参与的广度',
      max_board: '市场最高连板数（空间板高度），8 板封顶',
      promotion_rate: '今日 2 板及以上个股数 ÷ 昨日涨停家数，昨日涨停的晋级比例',
      limit_down: '今日跌停家数，亏钱效应，越少越好',
      breadth: '上涨家数 ÷（上涨家数 + 下跌家数），全市场的红盘比例',
    } as Record<string, string>,
    raw: {
      yesterday_limit_up_return: (raw: string) => `昨日涨停今日平均 ${raw}`,
      broken_rate: (raw: string) => `炸板率 ${raw}`,
      limit_up: (raw: string) => `涨停 ${raw}`,
      max_board: (raw: string) => `最高连板 ${raw}`,
      promotion_rate: (raw: string) => `晋级率 ${raw}`,
      limit_down: (raw: string) => `跌停 ${raw}`,
      breadth: (raw: string) => `红盘率 ${raw}`,
    } as Record<string, (raw: string) => string>,
    anchors: (zero: string, full: string) =>
      `${zero}记 0 分，${full}记 100 分，其间线性折算，超出按 0 或 100 计`,
    weight: (weight: string) => `权重 ${weight}`,
    weightToday: (weight: string, share: string) => `权重 ${weight}（今日有分项缺数据，实际占 ${share}）`,
    missingInput:
      '今日缺少该分项的输入（如无昨日涨停数据、无触板个股或无涨跌家数），不计分，其权重由其余分项分摊。',
    noInputs: '该数据点没有附带原始输入。',
    stagesTitle: '情绪阶段（按以下顺序判断，先满足者为准）',
    stages: [
      {
        name: '风险释放',
        rule: (r: { riskValue: number; stressLimitDown: number; stressBrokenRate: string }) =>
          `情绪值 < ${r.riskValue}；或情绪值低于 MA5 且出现压力：跌停 ≥ ${r.stressLimitDown} 家、炸板率 ≥ ${r.stressBrokenRate} 或昨日涨停今日平均下跌`,
      },
      {
        name: '低位反弹',
        rule: (r: { lowMa20: number }) => `MA20 < ${r.lowMa20}，情绪值高于 MA5 且高于前一交易日`,
      },
      {
        name: '高位震荡',
        rule: (r: { highMa20: number }) => `MA20 ≥ ${r.highMa20}，情绪值低于 MA5（强势但见顶）`,
      },
      { name: '震荡偏多', rule: () => '以上都不满足' },
    ],
    stageInputs: (day: string) => `${day}的输入`,
    stageFacts: {
      value: '情绪值',
      ma5: 'MA5',
      ma20: 'MA20',
      previous: '前一交易日',
      limitDown: '跌停',
      brokenRate: '炸板率',
      yesterdayReturn: '昨日涨停今日平均',
    },
    stageNote: '阶段由策略按当日收盘的数据判断，见「每日策略推荐」。',
    /** The stage card's popover on a report. */
    stageExplain: {
      measures:
        '情绪阶段由情绪值、它的 5 日与 20 日均线和当日的压力指标按顺序判断，决定推荐个股的仓位与是否回避。',
      judged: (stage: string) => `本报告判断为「${stage}」：`,
      order: '四个阶段按以下顺序判断，先满足者为准：',
      inputs: '本报告判断时的输入：',
      noFacts: '这份报告没有附带判断时的输入；当日的数值见「指标说明」。',
      unknown: '这份报告没有给出情绪阶段。',
    },
    close: '关闭',
  },
} as const;
