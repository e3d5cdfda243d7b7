export { DailyEmotionChart, type DailyEmotionChartProps } from './DailyEmotionChart';
