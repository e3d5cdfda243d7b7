/**
 * The shape of the Lexical JSON the server converts (a cloud document's editor state, a transient export's
 * lexdoc), as far as the converters read it. The editor's converters trust it: a `children` that is an
 * object, a text that is a number or a cell spanning a billion columns throws or loops on the export
 * worker. So every field they read has its type and a bound here, and every other field is left as it
 * came (the editor's nodes carry more, and a newer editor may add some).
 *
 * Parse with these only behind a depth check (`maxDepth` of ./json): the node schema is recursive.
 */
import { z } from 'zod';
import { DB_INTEGER_MAX } from './json';

/** Longest name-like string: a node's type, tag, list type, code language. */
export const LEXICAL_NAME_MAX = 100;
/** Longest inline style or block style (css declarations). */
export const LEXICAL_STYLE_MAX = 16 * 1024;
/** Longest text, address or picture (a data URL) of one node: the size of a whole document. */
export const LEXICAL_TEXT_MAX = 5 * 1024 * 1024;
/** Deepest indentation; the editor stops at 7, pasted documents may bring more. */
export const LEXICAL_INDENT_MAX = 64;
/** Most columns a table cell may span, rows it may span, and widths a table may list. */
export const LEXICAL_TABLE_SPAN_MAX = 1000;
/** Largest width or height, in pixels, of a picture, a column or a row. */
export const LEXICAL_SIZE_MAX = 100_000;

const name = z.string().max(LEXICAL_NAME_MAX);
const text = z.string().max(LEXICAL_TEXT_MAX);
const style = z.string().max(LEXICAL_STYLE_MAX);
const integer = z.number().int().min(-DB_INTEGER_MAX).max(DB_INTEGER_MAX);
const count = z.number().int().min(0).max(DB_INTEGER_MAX);
const span = z.number().int().min(1).max(LEXICAL_TABLE_SPAN_MAX);
const size = z.number().min(0).max(LEXICAL_SIZE_MAX);

/** A serialized Lexical node: the fields the converters read, typed; any other field as it is. */
export interface LexicalNode {
  type: string;
  children?: LexicalNode[] | undefined;
  text?: string | undefined;
  [key: string]: unknown;
}

export const lexicalNode: z.ZodType<LexicalNode, LexicalNode> = z.lazy(() =>
  z.looseObject({
    type: name,
    version: count.nullish(),
    children: z.array(lexicalNode).optional(),
    text: text.optional(),
    /** Text format bits, or an element's alignment. */
    format: z.union([count, name]).nullish(),
    style: style.nullish(),
    /** Node state: the paragraph style is `$.wxBlockStyle`. */
    $: z.looseObject({ wxBlockStyle: style.nullish() }).nullish(),
    indent: z.number().int().min(0).max(LEXICAL_INDENT_MAX).nullish(),
    tag: name.nullish(),
    listType: name.nullish(),
    start: integer.nullish(),
    value: integer.nullish(),
    checked: z.boolean().nullish(),
    language: name.nullish(),
    url: text.nullish(),
    title: text.nullish(),
    src: text.nullish(),
    altText: text.nullish(),
    width: size.nullish(),
    height: size.nullish(),
    colSpan: span.nullish(),
    rowSpan: span.nullish(),
    colWidths: z.array(size).max(LEXICAL_TABLE_SPAN_MAX).nullish(),
  }),
);

/** A serialized editor state: its root node, when it has one. */
export const lexicalEditorState = z.looseObject({ root: lexicalNode.optional() });
