// Applies the stored theme before the first paint, so a dark-mode user never sees a white flash.
// Kept as a file (not inline) because the CSP allows scripts from the app's own origin only.
// The key and values match @wanxiang/ui's theme controller (useTheme / applyStoredTheme).
(() => {
  try {
    const stored = localStorage.getItem('wanxiang.theme');
    const theme =
      stored === 'light' || stored === 'dark'
        ? stored
        : matchMedia('(prefers-color-scheme: dark)').matches
          ? 'dark'
          : 'light';
    document.documentElement.dataset.theme = theme;
  } catch (_) {
    document.documentElement.dataset.theme = 'light';
  }
})();
