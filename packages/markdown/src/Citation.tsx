import { createContext, type ReactNode, useContext } from 'react';
import * as styles from './Markdown.css';
import { markdownText } from './text';

/**
 * A page a searched answer cites: its `[n]` marks refer to it by `index`. The chat's web search sources
 * (the API client's `SearchSource`) are such pages as they are.
 */
export interface MarkdownSource {
  /** The number the answer's `[n]` marks use, from 1. */
  index: number;
  url: string;
  title: string;
}

/** Only web pages are linked: a source is the server's, but a link must never run script. */
export function safeHref(url: string): string | undefined {
  try {
    const { protocol } = new URL(url);
    return protocol === 'http:' || protocol === 'https:' ? url : undefined;
  } catch {
    return undefined;
  }
}

/** The sources an answer's [n] marks refer to; empty outside a searched answer. */
export const CitationSources = createContext<readonly MarkdownSource[]>([]);

/** A `[n]` of the answer: a link to source n when there is one, else the text as written. */
export function Citation({ index, children }: { index: number; children: ReactNode }) {
  const sources = useContext(CitationSources);
  const source = sources.find((item) => item.index === index);
  const href = source ? safeHref(source.url) : undefined;
  if (!source || !href) return <>{children}</>;
  return (
    <a
      className={styles.citation}
      href={href}
      target="_blank"
      rel="noreferrer noopener"
      title={source.title}
      aria-label={markdownText.sourceLink(index, source.title)}
      data-citation={index}
    >
      {index}
    </a>
  );
}
