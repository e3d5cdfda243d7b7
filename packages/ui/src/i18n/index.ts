export { enUS } from './en-US';
export { type UiLocale, UiProvider, type UiProviderProps, uiLocales, useUiMessages } from './UiProvider';
export { type UiMessages, zhCN } from './zh-CN';
