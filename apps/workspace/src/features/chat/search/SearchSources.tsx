import type { SearchSource } from '@wanxiang/api-client';
import { safeHref } from '@wanxiang/markdown';
import { SpinnerGlyph } from '@wanxiang/ui';
import { chatText } from '../messages';
import type { ChatSearch } from '../state/types';
import * as styles from './SearchSources.css';

function GlobeIcon() {
  return (
    <svg className={styles.globe} viewBox="0 0 16 16" fill="none" aria-hidden="true">
      <circle cx="8" cy="8" r="6.25" stroke="currentColor" strokeWidth="1.3" />
      <path
        d="M1.75 8h12.5M8 1.75c1.7 1.8 2.55 3.9 2.55 6.25S9.7 12.45 8 14.25C6.3 12.45 5.45 10.35 5.45 8S6.3 3.55 8 1.75Z"
        stroke="currentColor"
        strokeWidth="1.3"
      />
    </svg>
  );
}

/** The answer's web search as a step above it: 正在搜索… while it runs, then the count, or the note. */
export function SearchStep({ search }: { search: ChatSearch }) {
  if (search.status === 'searching') {
    return (
      <p className={styles.step} role="status" data-search-step="searching">
        <SpinnerGlyph size="sm" />
        <span className={styles.stepQuery}>{chatText.searching(search.query)}</span>
      </p>
    );
  }
  if (search.status === 'failed') {
    return (
      <p className={`${styles.step} ${styles.stepFailed}`} role="status" data-search-step="failed">
        <GlobeIcon />
        <span>{search.message || chatText.searchFailed}</span>
      </p>
    );
  }
  return (
    <p className={styles.step} data-search-step="done">
      <GlobeIcon />
      <span>{chatText.searchDone(search.count ?? 0)}</span>
    </p>
  );
}

function siteOf(source: SearchSource): string {
  if (source.site) return source.site;
  try {
    return new URL(source.url).hostname.replace(/^www\./, '');
  } catch {
    return '';
  }
}

/** The pages the answer cites, numbered as its [n] marks, each opening in a new tab. */
export function SourceList({ sources }: { sources: readonly SearchSource[] }) {
  if (sources.length === 0) return null;
  return (
    <section className={styles.sources} aria-label={chatText.sources(sources.length)}>
      <h3 className={styles.sourcesTitle}>{chatText.sources(sources.length)}</h3>
      <ol className={styles.list}>
        {sources.map((source) => {
          const href = safeHref(source.url);
          const site = siteOf(source);
          const body = (
            <>
              <span className={styles.number} aria-hidden="true">
                {source.index}
              </span>
              <span className={styles.sourceText}>
                <span className={styles.sourceTitle}>{source.title}</span>
                {site ? <span className={styles.sourceSite}>{site}</span> : null}
              </span>
            </>
          );
          return (
            <li key={source.index} data-source-index={source.index}>
              {href ? (
                <a
                  className={styles.source}
                  href={href}
                  target="_blank"
                  rel="noreferrer noopener"
                  title={source.snippet || source.title}
                >
                  {body}
                </a>
              ) : (
                <span className={styles.source}>{body}</span>
              )}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
