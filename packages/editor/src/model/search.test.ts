import { $createListItemNode, $createListNode, ListItemNode, ListNode } from '@lexical/list';
import { $createHeadingNode, HeadingNode } from '@lexical/rich-text';
import {
  $createParagraphNode,
  $createTextNode,
  $getRoot,
  $getSelection,
  createEditor,
  type LexicalEditor,
} from 'lexical';
import { describe, expect, it } from 'vitest';
import { $findMatches, $replaceAll, $selectMatch, buildSearchPattern } from './search';

function editorWith(build: () => void): LexicalEditor {
  const editor = createEditor({
    nodes: [HeadingNode, ListNode, ListItemNode],
    onError: (e) => {
      throw e;
    },
  });
  editor.update(build, { discrete: true });
  return editor;
}

const sample = () =>
  editorWith(() => {
    const title = $createHeadingNode('h1').append($createTextNode('季度报告'));
    // One sentence in three runs: plain, bold, plain.
    const body = $createParagraphNode().append(
      $createTextNode('本季度'),
      $createTextNode('收入').toggleFormat('bold'),
      $createTextNode('增长，Apple apple APPLES。'),
    );
    const list = $createListNode('bullet').append(
      $createListItemNode().append($createTextNode('上季度回顾')),
    );
    $getRoot().append(title, body, list);
  });

const count = (editor: LexicalEditor, query: string, options = {}) => {
  const pattern = buildSearchPattern(query, {
    caseSensitive: false,
    regex: false,
    wholeWord: false,
    ...options,
  });
  if (pattern instanceof Error) throw pattern;
  return editor.getEditorState().read(() => $findMatches(pattern).length);
};

describe('find', () => {
  it('finds text in headings, paragraphs and list items', () => {
    expect(count(sample(), '季度')).toBe(3);
  });
  it('finds a match that spans differently formatted runs', () => {
    expect(count(sample(), '季度收入增长')).toBe(1);
  });
  it('honours case, whole word and regular expressions', () => {
    const editor = sample();
    expect(count(editor, 'apple')).toBe(3);
    expect(count(editor, 'apple', { caseSensitive: true })).toBe(1);
    expect(count(editor, 'apple', { wholeWord: true })).toBe(2);
    expect(count(editor, '[上本]季度', { regex: true })).toBe(2);
    expect(buildSearchPattern('(', { caseSensitive: false, regex: true, wholeWord: false })).toBeInstanceOf(
      Error,
    );
    // Without the regex option, special characters are literal.
    expect(count(editor, '.', {})).toBe(0);
  });
  it('selects a match', () => {
    const editor = sample();
    const pattern = buildSearchPattern('收入增长', {
      caseSensitive: false,
      regex: false,
      wholeWord: false,
    }) as RegExp;
    editor.update(
      () => {
        const [match] = $findMatches(pattern);
        expect(match && $selectMatch(match)).toBe(true);
      },
      { discrete: true },
    );
    expect(editor.getEditorState().read(() => $getSelection()?.getTextContent())).toBe('收入增长');
  });
});

describe('replace all', () => {
  it('replaces every match and reports how many', () => {
    const editor = sample();
    const pattern = buildSearchPattern('季度', {
      caseSensitive: false,
      regex: false,
      wholeWord: false,
    }) as RegExp;
    let replaced = 0;
    editor.update(
      () => {
        replaced = $replaceAll(pattern, '年度');
      },
      { discrete: true },
    );
    expect(replaced).toBe(3);
    const text = editor.getEditorState().read(() => $getRoot().getTextContent());
    expect(text).toContain('年度报告');
    expect(text).toContain('本年度收入增长');
    expect(text).toContain('上年度回顾');
    expect(text).not.toContain('季度');
  });
  it('handles several matches in one run', () => {
    const editor = editorWith(() => {
      $getRoot().append($createParagraphNode().append($createTextNode('一二一二一')));
    });
    const pattern = buildSearchPattern('一', {
      caseSensitive: false,
      regex: false,
      wholeWord: false,
    }) as RegExp;
    editor.update(() => void $replaceAll(pattern, '壹'), { discrete: true });
    expect(editor.getEditorState().read(() => $getRoot().getTextContent())).toBe('壹二壹二壹');
  });
});
