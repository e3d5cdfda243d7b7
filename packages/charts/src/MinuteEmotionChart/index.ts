export { MinuteEmotionChart, type MinuteEmotionChartProps } from './MinuteEmotionChart';
