export { type MarkdownSource, safeHref } from './Citation';
export { COPIED_ICON_MS, COPY_TOAST_MS, CopyButton, copyText } from './CopyButton';
export { Markdown, type MarkdownProps } from './Markdown';
export { loadKatex, renderTex } from './MathTex';
