import { $getRoot, $isElementNode, createEditor } from 'lexical';
import { describe, expect, it } from 'vitest';
import { $isImageNode, ImageNode } from './ImageNode';

function imagesOf(src: string) {
  const editor = createEditor({
    nodes: [ImageNode],
    onError: (error) => {
      throw error;
    },
  });
  const state = editor.parseEditorState({
    root: {
      type: 'root',
      version: 1,
      direction: null,
      format: '',
      indent: 0,
      children: [
        {
          type: 'paragraph',
          version: 1,
          direction: null,
          format: '',
          indent: 0,
          textFormat: 0,
          textStyle: '',
          children: [{ type: 'image', version: 1, src, altText: '封面' }],
        },
      ],
    },
  } as never);
  return state.read(() =>
    $getRoot()
      .getChildren()
      .flatMap((block) => ($isElementNode(block) ? block.getChildren() : []))
      .filter($isImageNode)
      .map((image) => ({ src: image.getSrc(), alt: image.getAltText() })),
  );
}

describe('a picture read from a saved document', () => {
  it('keeps a source a paste would keep', () => {
    for (const src of [
      'data:image/png;base64,AAAA',
      'https://example.com/a.png',
      'blob:https://example.com/x',
    ])
      expect(imagesOf(src)).toEqual([{ src, alt: '封面' }]);
  });

  it('drops any other source, as a paste does, and keeps its place and description', () => {
    for (const src of [
      'javascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'file:///etc/passwd',
      '',
    ])
      expect(imagesOf(src)).toEqual([{ src: '', alt: '封面' }]);
  });
});

describe('an image’s width and description', () => {
  it('are stored with the node, kept in bounds, and exported', () => {
    const editor = createEditor({
      nodes: [ImageNode],
      onError: (error) => {
        throw error;
      },
    });
    const read = (width: unknown) =>
      editor
        .parseEditorState({
          root: {
            type: 'root',
            version: 1,
            direction: null,
            format: '',
            indent: 0,
            children: [
              {
                type: 'paragraph',
                version: 1,
                direction: null,
                format: '',
                indent: 0,
                textFormat: 0,
                textStyle: '',
                children: [
                  { type: 'image', version: 1, src: 'data:image/png;base64,AAAA', altText: '封面', width },
                ],
              },
            ],
          },
        } as never)
        .read(() => {
          const image = $getRoot().getFirstDescendant();
          return $isImageNode(image) ? { width: image.getWidth(), json: image.exportJSON() } : null;
        });
    expect(read(320)).toEqual({
      width: 320,
      json: expect.objectContaining({ width: 320, altText: '封面' }),
    });
    expect(read(5)?.width).toBe(24);
    expect(read(99999)?.width).toBe(2000);
    expect(read('wide')?.width).toBeNull();
    expect(read(undefined)?.json).not.toHaveProperty('width');
  });
});
