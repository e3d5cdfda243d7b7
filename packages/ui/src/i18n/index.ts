export { enUS } from './en-US';
export { fill } from './fill';
export { type UiLocale, UiProvider, type UiProviderProps, uiLocales, useUiMessages } from './UiProvider';
export { type UiMessages, zhCN } from './zh-CN';
