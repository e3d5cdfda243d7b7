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
  intraday: {
    title: '分时走势',
    roleDescription: '分时图',
    price: '价格',
    avgPrice: '均价',
    change: '涨跌幅',
    volume: '成交量',
    prevClose: '昨收',
    empty: '暂无分时数据',
    summary: (p: {
      date: string;
      count: number;
      last: string;
      price: string;
      change: string;
      high: string;
      low: string;
    }) =>
      `${p.date}，共 ${p.count} 分钟的数据，截至 ${p.last} 最新价 ${p.price}，涨跌幅 ${p.change}，最高 ${p.high}，最低 ${p.low}。`,
    keyboardHint: '按左右方向键逐分钟查看，Home 键和 End 键跳到第一分钟和最后一分钟，Esc 键回到最新。',
  },
  kline: {
    title: '日K线',
    roleDescription: '日K线图',
    open: '开',
    high: '高',
    low: '低',
    close: '收',
    change: '涨跌幅',
    volume: '成交量',
    empty: '暂无日K线数据',
    range: (first: string, last: string) => `${first} 至 ${last}`,
    summary: (p: {
      count: number;
      first: string;
      last: string;
      close: string;
      change: string;
      markers: string;
    }) =>
      `共 ${p.count} 个交易日，${p.first}至${p.last}。最新收盘价 ${p.close}，涨跌幅 ${p.change}。${p.markers}`,
    markerSummary: (items: readonly string[]) => (items.length ? `标记：${items.join('；')}。` : ''),
    keyboardHint:
      '按左右方向键逐日查看，Home 键和 End 键跳到第一天和最后一天，加号键和减号键放大或缩小，Esc 键回到最新。',
    zoomed: (count: number) => `显示 ${count} 个交易日`,
  },
  market: {
    simulated: '模拟行情',
    simulatedHint: '模拟行情，并非真实成交数据',
    /** The readout of one focused minute or day, shown and spoken: "10:31：价格 12.60，涨跌幅 +0.80%，…" */
    readout: (label: string, parts: readonly { name: string; value: string }[]) =>
      `${label}：${parts.map((p) => `${p.name} ${p.value}`).join('，')}`,
    errors: {
      invalidData: (detail: string) => `行情数据格式有误：${detail}`,
      badPrevClose: (value: unknown) => `昨收价“${String(value)}”不是有效的正数`,
      badMinute: (index: number, time: unknown) =>
        `第 ${index + 1} 个分时点的时间“${String(time)}”无效，应为交易时段内的 HH:MM`,
      badDate: (index: number, date: unknown) =>
        `第 ${index + 1} 根K线的日期“${String(date)}”无效，应为 YYYY-MM-DD`,
      badNumber: (index: number, field: string, value: unknown) =>
        `第 ${index + 1} 个数据点的${field}“${String(value)}”不是有效数字`,
      duplicateTime: (time: string) => `时间 ${time} 出现了不止一次`,
      duplicateDate: (date: string) => `日期 ${date} 出现了不止一次`,
      highBelowLow: (date: string) => `${date} 的最高价低于最低价`,
      fieldNames: {
        open: '开盘价',
        high: '最高价',
        low: '最低价',
        close: '收盘价',
        volume: '成交量',
        pctChange: '涨跌幅',
      },
    },
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
