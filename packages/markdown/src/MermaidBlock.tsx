import { memo, type ReactNode, useEffect, useState, useSyncExternalStore } from 'react';
import { CopyButton } from './CopyButton';
import * as styles from './Markdown.css';
import { type MermaidResult, renderMermaid } from './mermaid';
import { markdownText } from './text';

type Theme = 'light' | 'dark';

/* The theme on <html> (data-theme, set by @wanxiang/ui): a diagram is drawn again when it changes. */
function subscribeTheme(onChange: () => void) {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
  return () => observer.disconnect();
}
const documentTheme = (): Theme =>
  document.documentElement.getAttribute('data-theme') === 'dark' ? 'dark' : 'light';

/**
 * A ```mermaid block: drawn as a diagram once complete; until then, and when it cannot be drawn, shown as
 * its code (`fallback`), with a short note when the diagram is invalid.
 */
export const MermaidBlock = memo(function MermaidBlock({
  code,
  pending,
  fallback,
}: {
  code: string;
  /** The block is still streaming (its closing fence has not arrived): show the code, draw nothing. */
  pending: boolean;
  fallback: ReactNode;
}) {
  const theme = useSyncExternalStore(subscribeTheme, documentTheme, () => 'light' as const);
  const [drawn, setDrawn] = useState<{ key: string; result: MermaidResult } | null>(null);
  const key = `${theme}\n${code}`;
  useEffect(() => {
    if (pending) return;
    let live = true;
    renderMermaid(code, theme).then((result) => {
      if (live) setDrawn({ key, result });
    });
    return () => {
      live = false;
    };
  }, [code, theme, pending, key]);

  const result = drawn?.key === key ? drawn.result : null;
  if (pending || !result) return <>{fallback}</>;
  if ('error' in result) {
    return (
      <>
        <p className={styles.diagramNote} role="note">
          {result.error === 'invalid' ? markdownText.diagramInvalid : markdownText.diagramUnavailable}
        </p>
        {fallback}
      </>
    );
  }
  return (
    <figure className={styles.diagram} aria-label={markdownText.diagram}>
      <div className={styles.codeHeader}>
        <span className={styles.codeLanguage}>{markdownText.codeLanguage('mermaid')}</span>
        <CopyButton label={markdownText.copyDiagramSource} getText={() => code} />
      </div>
      <div className={styles.diagramBody}>
        {/* An image of Mermaid's SVG, so that its styles apply under the page's policy (mermaidImage.ts). */}
        <img
          className={styles.diagramImage}
          src={result.image.src}
          width={result.image.width}
          height={result.image.height}
          alt={markdownText.diagramAlt(result.image.labels)}
        />
      </div>
    </figure>
  );
});
