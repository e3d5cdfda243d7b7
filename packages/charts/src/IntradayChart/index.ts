export { IntradayChart, type IntradayChartProps } from './IntradayChart';
