export {
  UsageChart,
  type UsageChartProps,
  type UsageDayInput,
  usageModels,
  usageReadout,
} from './UsageChart';
