import { toJsxRuntime } from 'hast-util-to-jsx-runtime';
import { urlAttributes } from 'html-url-attributes';
import {
  createContext,
  memo,
  type ReactNode,
  useCallback,
  useContext,
  useMemo,
  useRef,
  useState,
} from 'react';
import { Fragment, jsx, jsxs } from 'react/jsx-runtime';
import { type Components, defaultUrlTransform, type ExtraProps } from 'react-markdown';
import rehypeHighlight from 'rehype-highlight';
import rehypeSanitize from 'rehype-sanitize';
import remarkGfm from 'remark-gfm';
import remarkMath from 'remark-math';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';
import { Citation, CitationSources, type MarkdownSource } from './Citation';
import { CopyButton } from './CopyButton';
import { isShortCell } from './cellWidth';
import { rehypeCitations } from './citations';
import { rehypeShiftHeadings } from './headings';
import * as styles from './Markdown.css';
import { MathTex } from './MathTex';
import { MermaidBlock } from './MermaidBlock';
import { isDisplayMathClosed, normalizeMathDelimiters, remarkMathRules } from './math';
import { isFenceClosed } from './mermaid';
import { createBlockSplitter } from './splitBlocks';
import { markdownText } from './text';
import { completeUnfinished } from './unfinished';

type Element = NonNullable<ExtraProps['node']>;
type ElementContent = Element['children'][number];

/*
 * remark-gfm and remark-math build their syntax extensions anew each time they are attached, and
 * react-markdown attaches them on every render. The extensions are plain data, so each plugin's are built
 * once and handed to every processor.
 */
type ExtensionKey = 'micromarkExtensions' | 'fromMarkdownExtensions' | 'toMarkdownExtensions';
type ProcessorData = Record<ExtensionKey, unknown[]>;
const extensionKeys: readonly ExtensionKey[] = [
  'micromarkExtensions',
  'fromMarkdownExtensions',
  'toMarkdownExtensions',
];
function sharedSyntax(plugin: unknown) {
  let captured: ProcessorData | undefined;
  return function attach(this: { data(): Partial<ProcessorData> }) {
    if (!captured) {
      const data: ProcessorData = {
        micromarkExtensions: [],
        fromMarkdownExtensions: [],
        toMarkdownExtensions: [],
      };
      (plugin as (this: { data(): ProcessorData }) => void).call({ data: () => data });
      captured = data;
    }
    const data = this.data();
    for (const key of extensionKeys) {
      data[key] ??= [];
      data[key].push(...captured[key]);
    }
  };
}
/* remark-math with its default `singleDollarTextMath`; math.ts then tells prices from maths. */
const remarkPlugins = [sharedSyntax(remarkGfm), sharedSyntax(remarkMath), remarkMathRules];

/*
 * react-markdown builds its processor on every render, and rehype-highlight's attacher compiles all its
 * grammars (a fresh highlight.js instance) each time it is called: several milliseconds per block. The
 * transformer it returns is stateless, so one is made on first use and shared by every render.
 */
let highlightTransform: ReturnType<typeof rehypeHighlight> | undefined;
function rehypeHighlightShared() {
  highlightTransform ??= rehypeHighlight({ detect: false, plainText: ['math', 'mermaid'] });
  return highlightTransform;
}

/*
 * Raw HTML in an answer is shown as the characters the model wrote (`<script>` stays visible text), never
 * parsed: the sanitizer alone would drop the tags silently and leave their inner text, hiding what the
 * answer actually said.
 */
interface HastLike {
  type: string;
  children?: HastLike[];
}
function rawToText(node: HastLike) {
  if (node.type === 'raw') node.type = 'text';
  if (node.children) for (const child of node.children) rawToText(child);
}
function rehypeRawAsText() {
  return (tree: HastLike) => rawToText(tree);
}

/*
 * react-markdown's URL filter (its `defaultUrlTransform`: only http, https, mailto, irc, xmpp and relative
 * URLs), as it applies it after the rehype plugins. A link still streaming (remend's placeholder URL) gets
 * an empty href and shows as text.
 */
interface HastElementLike extends HastLike {
  tagName?: string;
  properties?: Record<string, unknown>;
}
function filterUrls(node: HastElementLike) {
  if (node.type === 'element' && node.properties) {
    for (const key in urlAttributes) {
      if (!Object.hasOwn(node.properties, key)) continue;
      const test = urlAttributes[key];
      if (test === null || (test !== undefined && node.tagName && test.includes(node.tagName))) {
        node.properties[key] = defaultUrlTransform(String(node.properties[key] || ''));
      }
    }
  }
  if (node.children) for (const child of node.children) filterUrls(child);
}
function rehypeFilterUrls() {
  return (tree: HastLike) => filterUrls(tree);
}

/*
 * rehype-sanitize (GitHub's schema) runs on what Markdown itself produces, dropping javascript: URLs and
 * any attribute outside the allow list; highlighting runs after it, so its class names are not stripped.
 */
const rehypePlugins = [
  rehypeRawAsText,
  rehypeSanitize,
  rehypeHighlightShared,
  rehypeFilterUrls,
  rehypeShiftHeadings,
  rehypeCitations,
];

/*
 * The whole pipeline, built once (react-markdown builds a processor on every render, which the last
 * block of a streaming answer does every frame): Markdown → mdast → hast → React elements, as
 * react-markdown does it (raw HTML reaches the hast as `raw` nodes, shown as text above).
 */
const processor = unified()
  .use(remarkParse)
  .use(remarkPlugins)
  .use(remarkRehype, { allowDangerousHtml: true })
  .use(rehypePlugins)
  .freeze();

function renderMarkdown(source: string): ReactNode {
  const tree = processor.runSync(processor.parse(source), source);
  return toJsxRuntime(tree, {
    Fragment,
    components,
    ignoreInvalidStyle: true,
    jsx,
    jsxs,
    passKeys: true,
    passNode: true,
  });
}

function hastText(nodes: readonly ElementContent[]): string {
  let out = '';
  for (const node of nodes) {
    if (node.type === 'text') out += node.value;
    else if (node.type === 'element') out += hastText(node.children);
  }
  return out;
}

function codeLanguage(node: Element | undefined): string {
  const code = node?.children.find((child): child is Element => child.type === 'element');
  const className = code?.properties.className;
  const classes = Array.isArray(className) ? className : [];
  for (const name of classes) {
    if (typeof name === 'string' && name.startsWith('language-')) return name.slice('language-'.length);
  }
  return '';
}

function cellClass(node: Element | undefined, className: string | undefined): string | undefined {
  const short = isShortCell(hastText(node?.children ?? [])) ? styles.shortCell : undefined;
  return [className, short].filter(Boolean).join(' ') || undefined;
}

/* The header stays put while the code below it streams: its props do not change, so it is not re-rendered. */
const CodeHeader = memo(function CodeHeader({
  language,
  getText,
}: {
  language: string;
  getText: () => string;
}) {
  return (
    <div className={styles.codeHeader}>
      <span className={styles.codeLanguage}>{markdownText.codeLanguage(language)}</span>
      <CopyButton label={markdownText.copyCode} getText={getText} />
    </div>
  );
});

/**
 * What a block's renderers need to know about it: its source (as rendered, unfinished marks closed), what
 * had actually arrived (`raw`, before the closing), and whether it is still being streamed.
 */
const BlockContext = createContext<{ source: string; raw: string; streaming: boolean }>({
  source: '',
  raw: '',
  streaming: false,
});

/** A fenced block: maths (```math or a `$$` block), a Mermaid diagram, or code. */
function PreBlock({ node, children }: { node?: Element | undefined; children?: ReactNode }) {
  const block = useContext(BlockContext);
  const language = codeLanguage(node);
  if (language === 'math') {
    // A display formula still arriving is shown as its source until its closing `$$` (or fence) is in:
    // typesetting it again on every frame as it grows costs a frame's budget (bench chat-browser, maths).
    const pending = block.streaming && !isDisplayMathClosed(block.raw, node?.position?.end.offset);
    return <MathTex tex={hastText(node?.children ?? []).replace(/\n$/, '')} display pending={pending} />;
  }
  const code = <CodeBlock node={node}>{children}</CodeBlock>;
  if (language === 'mermaid') {
    const start = node?.position?.start.offset;
    const end = node?.position?.end.offset;
    const pending =
      block.streaming &&
      (start === undefined || end === undefined || !isFenceClosed(block.source, start, end));
    return (
      <MermaidBlock
        code={hastText(node?.children ?? []).replace(/\n$/, '')}
        pending={pending}
        fallback={code}
      />
    );
  }
  return code;
}

/*
 * An inline formula whose closing `$` has not arrived (the streaming block's completion closed it) shows
 * as its source until it has: typesetting it again on every frame as it grows, each time a new KaTeX tree
 * in the DOM to lay out, was the largest cost of a maths answer's frames (bench chat-browser, maths).
 */
function InlineMath({ node }: { node?: Element | undefined }) {
  const block = useContext(BlockContext);
  const end = node?.position?.end.offset;
  const pending = block.streaming && (end === undefined || end > block.raw.length);
  return <MathTex tex={hastText(node?.children ?? [])} pending={pending} />;
}

function CodeBlock({ node, children }: { node?: Element | undefined; children?: ReactNode }) {
  const language = codeLanguage(node);
  const latest = useRef(node);
  latest.current = node;
  const getText = useCallback(() => hastText(latest.current?.children ?? []).replace(/\n$/, ''), []);
  return (
    <div className={styles.codeBlock}>
      <CodeHeader language={language} getText={getText} />
      {/* Scrolls sideways on long lines: focusable so keyboard users can scroll it too. */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard */}
      <pre className={`${styles.pre} ${styles.scrollEdges}`} tabIndex={0}>
        {children}
      </pre>
    </div>
  );
}

const components: Components = {
  pre: PreBlock,
  // Inline maths (`$…$`); a fenced block's <code> never gets here, PreBlock renders it.
  code: ({ node, className, children, ...props }) =>
    className?.split(' ').includes('language-math') ? (
      <InlineMath node={node} />
    ) : (
      <code {...props} className={className}>
        {children}
      </code>
    ),
  a: ({ node: _node, href, children, ...props }) =>
    href ? (
      <a {...props} href={href} target="_blank" rel="noreferrer noopener">
        {children}
      </a>
    ) : (
      // A link still being streamed (remend's placeholder URL is dropped by the URL filter): text for now.
      <span>{children}</span>
    ),
  img: ({ node: _node, src, alt, ...props }) =>
    typeof src === 'string' && src ? (
      <img {...props} src={src} alt={alt ?? ''} loading="lazy" referrerPolicy="no-referrer" />
    ) : null,
  // GFM task list boxes are read-only marks; they are named so assistive technology says what they mean.
  input: ({ node: _node, ...props }) =>
    props.type === 'checkbox' ? (
      <input {...props} aria-label={props.checked ? markdownText.taskDone : markdownText.taskTodo} />
    ) : (
      <input {...props} />
    ),
  // `[n]` marks of a searched answer (rehypeCitations): links to its sources.
  sup: ({ node, children, ...props }) => {
    const cited = Number(node?.properties?.dataCitation);
    return Number.isInteger(cited) && cited > 0 ? (
      <Citation index={cited}>{children}</Citation>
    ) : (
      <sup {...props}>{children}</sup>
    );
  },
  th: ({ node, className, ...props }) => <th {...props} className={cellClass(node, className)} />,
  td: ({ node, className, ...props }) => <td {...props} className={cellClass(node, className)} />,
  table: ({ node: _node, children, ...props }) => (
    <div className={styles.tableFrame}>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a wide table scrolls sideways and must be keyboard-scrollable */}
      <div className={`${styles.tableWrap} ${styles.scrollEdges}`} tabIndex={0}>
        <table {...props}>{children}</table>
      </div>
    </div>
  ),
};

/**
 * One top-level block. Memoized on its text: a finished block is never rendered again while the answer
 * streams. `streaming` marks the last block of an answer still arriving (a diagram in it waits for its
 * closing fence).
 */
const MarkdownBlock = memo(function MarkdownBlock({
  text,
  raw = text,
  streaming,
}: {
  text: string;
  /** The block as it arrived, before its unfinished marks were closed (only differs for the last block). */
  raw?: string;
  streaming: boolean;
}) {
  const source = normalizeMathDelimiters(text);
  const arrived = streaming ? normalizeMathDelimiters(raw) : source;
  const context = useMemo(() => ({ source, raw: arrived, streaming }), [source, arrived, streaming]);
  return (
    <div className={styles.block}>
      <BlockContext.Provider value={context}>{renderMarkdown(source)}</BlockContext.Provider>
    </div>
  );
});

/** Blocks per group: each group is one off-screen-skippable box (content-visibility) of the answer. */
export const BLOCKS_PER_GROUP = 8;

interface GroupProps {
  texts: readonly string[];
  /** The index in `texts` of the block still streaming, or -1. */
  streamingIndex: number;
  /** The streaming block as it arrived, before completeUnfinished closed it. */
  streamingRaw?: string | undefined;
}
const sameGroup = (a: GroupProps, b: GroupProps) =>
  a.streamingIndex === b.streamingIndex &&
  a.streamingRaw === b.streamingRaw &&
  a.texts.length === b.texts.length &&
  a.texts.every((text, i) => text === b.texts[i]);

/*
 * A run of blocks in one box that the browser skips (style, layout, paint) while it is off screen.
 * Grouping keeps the number of such boxes small: each is tracked on every scroll.
 */
const BlockGroup = memo(function BlockGroup({ texts, streamingIndex, streamingRaw }: GroupProps) {
  return (
    <div className={styles.group}>
      {texts.map((text, index) => (
        <MarkdownBlock
          // biome-ignore lint/suspicious/noArrayIndexKey: blocks are only appended
          key={index}
          text={text}
          raw={index === streamingIndex ? streamingRaw : undefined}
          streaming={index === streamingIndex}
        />
      ))}
    </div>
  );
}, sameGroup);

const NO_SOURCES: readonly MarkdownSource[] = [];

export interface MarkdownProps {
  /** The Markdown source (an assistant's answer). */
  text: string;
  /**
   * The answer's state. While `streaming`, the unfinished last block is closed (`**bo` → `**bo**`, a
   * table's missing delimiter row) before rendering. An answer that ended before its end (`stopped`, or
   * cut by an `error`) gets the same, so a table or a formula cut halfway shows as far as it goes, as it
   * did a moment before.
   */
  status?: 'streaming' | 'done' | 'stopped' | 'error';
  /** The same as `status: 'streaming'`. */
  isStreaming?: boolean;
  className?: string;
  /** A searched answer's sources: its `[n]` marks become links to them. */
  sources?: readonly MarkdownSource[] | undefined;
}

/**
 * An answer rendered from Markdown: GFM (tables, task lists, strikethrough), maths (KaTeX), Mermaid
 * diagrams, highlighted code with a copy button, links that open in a new tab without referrer, raw HTML
 * shown as text. Split into blocks so that streaming costs one block's render per frame, not the whole
 * answer's.
 */
export const Markdown = memo(function Markdown({
  text,
  status = 'done',
  isStreaming: streamingProp = false,
  className,
  sources = NO_SOURCES,
}: MarkdownProps) {
  const isStreaming = streamingProp || status === 'streaming';
  const unfinished = status === 'stopped' || status === 'error';
  const [split] = useState(createBlockSplitter);
  const groups = useMemo(() => {
    const blocks = [...split(text)];
    const last = blocks.length - 1;
    const lastRaw = blocks[last];
    if ((isStreaming || unfinished) && last >= 0) blocks[last] = completeUnfinished(blocks[last] as string);
    const out: GroupProps[] = [];
    for (let i = 0; i < blocks.length; i += BLOCKS_PER_GROUP) {
      const streamingIndex = isStreaming && last >= i && last < i + BLOCKS_PER_GROUP ? last - i : -1;
      out.push({
        texts: blocks.slice(i, i + BLOCKS_PER_GROUP),
        streamingIndex,
        streamingRaw: streamingIndex >= 0 ? lastRaw : undefined,
      });
    }
    return out;
  }, [split, text, isStreaming, unfinished]);
  return (
    <CitationSources.Provider value={sources}>
      <div className={className ? `${styles.markdown} ${className}` : styles.markdown}>
        {groups.map((group, index) => (
          <BlockGroup
            // Blocks only ever get appended, so the index is a stable identity.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            key={index}
            texts={group.texts}
            streamingIndex={group.streamingIndex}
            streamingRaw={group.streamingRaw}
          />
        ))}
      </div>
    </CitationSources.Provider>
  );
});
