import { CheckIcon, CopyIcon, IconButton, Tooltip, toast } from '@wanxiang/ui';
import {
  type ComponentProps,
  memo,
  type ReactNode,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import ReactMarkdown, { type Components, type ExtraProps } from 'react-markdown';
import rehypeHighlight from 'rehype-highlight';
import rehypeSanitize from 'rehype-sanitize';
import remarkGfm from 'remark-gfm';
import remend from 'remend';
import { chatText } from '../messages';
import { isShortCell } from './cellWidth';
import * as styles from './Markdown.css';
import { createBlockSplitter } from './splitBlocks';

type Element = NonNullable<ExtraProps['node']>;
type ElementContent = Element['children'][number];

/** Spec 01 §9: the copy confirmation shows 1.5 s; the copied icon resets after 2 s. */
export const COPY_TOAST_MS = 1500;
export const COPIED_ICON_MS = 2000;

/*
 * remark-gfm builds its five syntax extensions anew each time it is attached, and react-markdown attaches
 * it on every render. The extensions are plain data, so they are built once and handed to each processor.
 */
type ExtensionKey = 'micromarkExtensions' | 'fromMarkdownExtensions' | 'toMarkdownExtensions';
type ProcessorData = Record<ExtensionKey, unknown[]>;
const extensionKeys: readonly ExtensionKey[] = [
  'micromarkExtensions',
  'fromMarkdownExtensions',
  'toMarkdownExtensions',
];
let gfmData: ProcessorData | undefined;
function remarkGfmShared(this: { data(): Partial<ProcessorData> }) {
  if (!gfmData) {
    const captured: ProcessorData = {
      micromarkExtensions: [],
      fromMarkdownExtensions: [],
      toMarkdownExtensions: [],
    };
    (remarkGfm as unknown as (this: { data(): ProcessorData }) => void).call({ data: () => captured });
    gfmData = captured;
  }
  const data = this.data();
  for (const key of extensionKeys) {
    data[key] ??= [];
    data[key].push(...gfmData[key]);
  }
}
const remarkPlugins = [remarkGfmShared] as ComponentProps<typeof ReactMarkdown>['remarkPlugins'];

/*
 * react-markdown builds its processor on every render, and rehype-highlight's attacher compiles all its
 * grammars (a fresh highlight.js instance) each time it is called: several milliseconds per block. The
 * transformer it returns is stateless, so one is made on first use and shared by every render.
 */
let highlightTransform: ReturnType<typeof rehypeHighlight> | undefined;
function rehypeHighlightShared() {
  highlightTransform ??= rehypeHighlight({ detect: false });
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
 * rehype-sanitize (GitHub's schema) runs on what Markdown itself produces, dropping javascript: URLs and
 * any attribute outside the allow list; highlighting runs after it, so its class names are not stripped.
 */
const rehypePlugins: ComponentProps<typeof ReactMarkdown>['rehypePlugins'] = [
  rehypeRawAsText,
  rehypeSanitize,
  rehypeHighlightShared,
];

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

export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/** A copy button that confirms with a toast and a check mark (spec 01 §9 timings). */
export function CopyButton({ getText, label }: { getText: () => string; label: string }) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return (
    <Tooltip content={copied ? chatText.copied : label}>
      <IconButton
        aria-label={copied ? chatText.copied : label}
        size="sm"
        onPress={async () => {
          if (await copyText(getText())) {
            setCopied(true);
            toast.success(chatText.copied, { timeout: COPY_TOAST_MS });
            clearTimeout(timer.current);
            timer.current = setTimeout(() => setCopied(false), COPIED_ICON_MS);
          } else {
            toast.error(chatText.copyFailed);
          }
        }}
      >
        {copied ? <CheckIcon /> : <CopyIcon />}
      </IconButton>
    </Tooltip>
  );
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
      <span className={styles.codeLanguage}>{chatText.codeLanguage(language)}</span>
      <CopyButton label={chatText.copyCode} getText={getText} />
    </div>
  );
});

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
  pre: CodeBlock,
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
      <input {...props} aria-label={props.checked ? chatText.taskDone : chatText.taskTodo} />
    ) : (
      <input {...props} />
    ),
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

/** One top-level block. Memoized on its text: a finished block is never rendered again while the answer streams. */
const MarkdownBlock = memo(function MarkdownBlock({ text }: { text: string }) {
  return (
    <div className={styles.block}>
      <ReactMarkdown remarkPlugins={remarkPlugins} rehypePlugins={rehypePlugins} components={components}>
        {text}
      </ReactMarkdown>
    </div>
  );
});

/** Blocks per group: each group is one off-screen-skippable box (content-visibility) of the answer. */
export const BLOCKS_PER_GROUP = 8;

const sameTexts = (a: { texts: readonly string[] }, b: { texts: readonly string[] }) =>
  a.texts.length === b.texts.length && a.texts.every((text, i) => text === b.texts[i]);

/*
 * A run of blocks in one box that the browser skips (style, layout, paint) while it is off screen.
 * Grouping keeps the number of such boxes small: each is tracked on every scroll.
 */
const BlockGroup = memo(function BlockGroup({ texts }: { texts: readonly string[] }) {
  return (
    <div className={styles.group}>
      {texts.map((text, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: blocks are only appended
        <MarkdownBlock key={index} text={text} />
      ))}
    </div>
  );
}, sameTexts);

export interface MarkdownProps {
  /** The Markdown source (an assistant's answer). */
  text: string;
  /** While streaming, the unfinished last block is closed (`**bo` → `**bo**`) before rendering. */
  isStreaming?: boolean;
  className?: string;
}

/**
 * An answer rendered from Markdown: GFM (tables, task lists, strikethrough), highlighted code with a copy
 * button, links that open in a new tab without referrer, raw HTML shown as text. Split into blocks so that
 * streaming costs one block's render per frame, not the whole answer's.
 */
export const Markdown = memo(function Markdown({ text, isStreaming = false, className }: MarkdownProps) {
  const [split] = useState(createBlockSplitter);
  const groups = useMemo(() => {
    const blocks = [...split(text)];
    const last = blocks.length - 1;
    if (isStreaming && last >= 0) blocks[last] = remend(blocks[last] as string);
    const out: string[][] = [];
    for (let i = 0; i < blocks.length; i += BLOCKS_PER_GROUP) out.push(blocks.slice(i, i + BLOCKS_PER_GROUP));
    return out;
  }, [split, text, isStreaming]);
  return (
    <div className={className ? `${styles.markdown} ${className}` : styles.markdown}>
      {groups.map((texts, index) => (
        // Blocks only ever get appended, so the index is a stable identity.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <BlockGroup key={index} texts={texts} />
      ))}
    </div>
  );
});
