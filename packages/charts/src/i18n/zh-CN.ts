/**
 * Every user-facing string of @wanxiang/charts. Numbers and dates are formatted by the zh-CN helpers in
 * ../format; the functions here only place them into sentences.
 */
export const messages = {
  daily: {
    title: '市场情绪指标（近 90 日）',
    roleDescription: '日线情绪折线图',
    series: { value: '情绪值', ma5: '5日均线', ma20: '20日均线' },
    loading: '正在加载情绪指标数据…',
    empty: '暂无情绪指标数据',
    error: '获取情绪指标数据失败，请稍后重试',
    summary: (p: { count: number; first: string; last: string; latest: string; max: string; min: string }) =>
      `共 ${p.count} 个交易日，${p.first}至${p.last}。最新情绪值 ${p.latest}，区间最高 ${p.max}，最低 ${p.min}。`,
    keyboardHint: '按左右方向键逐日查看，Home 键和 End 键跳到第一天和最后一天。',
  },
  minute: {
    title: '分钟级情绪',
    roleDescription: '分钟情绪折线图',
    series: { value: '情绪值', ma5: '5周期均线', ma20: '20周期均线' },
    loading: '正在加载分钟级情绪数据…',
    empty: '暂无分钟级情绪数据',
    error: '获取分钟情绪数据失败',
    dataDate: (date: string) => `数据日期：${date}`,
    summary: (p: { date: string | null; count: number; first: string; last: string; latest: string }) =>
      `${p.date ? `${p.date}，` : ''}${p.count} 个 5 分钟时段有数据，${p.first}至${p.last}。最新情绪值 ${p.latest}。`,
    keyboardHint: '按左右方向键逐个时段查看，Home 键和 End 键跳到第一个和最后一个时段。',
  },
  /** Spoken and shown for the focused point: "2026年11月20日周五：情绪值 56.23，5日均线 52.10，…" */
  point: (label: string, parts: readonly { name: string; value: string }[]) =>
    `${label}：${parts.map((p) => `${p.name} ${p.value}`).join('，')}`,
  noValue: '暂无',
  retry: '重试',
  legend: '图例',
  errors: {
    /** Shown in place of the chart when the data handed to it cannot be drawn. */
    invalidData: (detail: string) => `情绪数据格式有误：${detail}`,
    badClock: (time: string) => `不是有效的时间（HH:MM）：${time}`,
    badDate: (index: number, date: unknown) =>
      `第 ${index + 1} 个数据点的日期“${String(date)}”无效，应为 YYYY-MM-DD`,
    badValue: (index: number, value: unknown) =>
      `第 ${index + 1} 个数据点的情绪值“${String(value)}”不是有效数字`,
    duplicateDate: (date: string) => `日期 ${date} 出现了不止一次`,
    badTime: (index: number, time: unknown) =>
      `第 ${index + 1} 个数据点的时间“${String(time)}”无效，应为 HH:MM 或带时区的 ISO 时间`,
    otherDay: (index: number, day: string, expected: string) =>
      `第 ${index + 1} 个数据点属于 ${day}，与数据日期 ${expected} 不一致`,
    badDataDate: (date: string) => `数据日期“${date}”无效，应为 YYYY-MM-DD`,
  },
} as const;

export type ChartMessages = typeof messages;
