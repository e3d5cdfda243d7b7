/** The zone the browser's clock is set to, which days and times are shown in; Beijing's if it names none. */
export const browserTimeZone = (): string =>
  Intl.DateTimeFormat().resolvedOptions().timeZone || 'Asia/Shanghai';
