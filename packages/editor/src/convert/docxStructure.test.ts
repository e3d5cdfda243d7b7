import { describe, expect, it } from 'vitest';
import type { BlockShape } from './docxStructure';
import { structuralScore } from './docxStructure';

const block = (over: Partial<BlockShape> = {}): BlockShape => ({
  type: 'paragraph',
  tag: undefined,
  align: 'justify',
  css: 'text-indent: 2em;',
  runs: [['正文', 0, 'font-family: "FangSong";']],
  ...over,
});

describe('structuralScore', () => {
  it('scores identical documents 1, every block identical', () => {
    expect(structuralScore([block(), block()], [block(), block()])).toEqual({
      score: 1,
      blocks: 2,
      identical: 2,
    });
  });

  it('takes a quarter off a block for each aspect lost: kind, alignment, paragraph css, runs', () => {
    const before = [block(), block(), block(), block()];
    const after = [
      block({ type: 'heading', tag: 'h1' }),
      block({ align: '' }),
      block({ css: '' }),
      block({ runs: [['正文', 1, 'font-family: "FangSong";']] }),
    ];
    expect(structuralScore(before, after)).toEqual({ score: 0.75, blocks: 4, identical: 0 });
  });

  it('counts a block that one side lacks as lost', () => {
    expect(structuralScore([block(), block()], [block()])).toEqual({ score: 0.5, blocks: 2, identical: 1 });
    expect(structuralScore([], [])).toEqual({ score: 1, blocks: 0, identical: 0 });
  });
});
