import type { CloudDocument, CloudDocumentSummary } from '@wanxiang/api-client';
import type { DocumentContent } from '@wanxiang/editor';
import type { CloudConflict } from './cloudSync';

/** A stored editor document with these paragraphs (stories and tests). */
export function paragraphs(...texts: string[]): DocumentContent {
  return {
    version: '2.0.0',
    editorState: {
      root: {
        type: 'root',
        version: 1,
        direction: null,
        format: '',
        indent: 0,
        children: texts.map((text) => ({
          type: 'paragraph',
          version: 1,
          direction: null,
          format: '',
          indent: 0,
          children: [{ type: 'text', version: 1, text, detail: 0, format: 0, mode: 'normal', style: '' }],
        })),
      },
    },
  } as unknown as DocumentContent;
}

export const cloudSummaries: CloudDocumentSummary[] = [
  {
    id: '0b8f6c2e-5d1a-4c3b-9f7e-2a6d8c4b1e90',
    title: '万象季度报告',
    version: 7,
    size: 18_204,
    created_at: '2026-11-20T02:15:00.000Z',
    updated_at: '2026-11-26T01:42:00.000Z',
  },
  {
    id: '5e2d9a71-3c4b-4f8e-8a1d-7b6c5d4e3f21',
    title: '产品发布会讲稿（第二稿）',
    version: 3,
    size: 9_812,
    created_at: '2026-11-18T08:00:00.000Z',
    updated_at: '2026-11-24T11:05:00.000Z',
  },
];

const theirs: CloudDocument = {
  ...(cloudSummaries[0] as CloudDocumentSummary),
  version: 8,
  updated_at: '2026-11-26T02:03:00.000Z',
  content: paragraphs('万象季度报告', '营收同比增长 18%。', '手机上补充：新增用户主要来自华东。') as never,
};

export const conflict: CloudConflict = {
  base: 7,
  mine: {
    title: '万象季度报告',
    content: paragraphs('万象季度报告', '营收同比增长 18%。', '电脑上补充：毛利率回升到 42%。'),
  },
  theirs,
};
