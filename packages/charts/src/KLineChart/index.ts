export { KLineChart, type KLineChartProps } from './KLineChart';
