import type { Meta, StoryObj } from '@storybook/react-vite';
import { createMemoryDocumentRepository, DocumentHome, type DocumentRecord } from '@wanxiang/editor';
import { expect, fn, userEvent, within } from 'storybook/test';
import { CloudDocumentList } from './CloudDocumentList';
import { CloudMoveBanner } from './CloudMoveBanner';
import { cloudSummaries } from './cloudFixtures';
import { DocumentPlaceNote } from './DocumentPlaceNote';
import type { DocumentPlace } from './documentListing';

/** A fixed present (Shanghai evening of 11月26日): every row's time is told against it. */
const NOW = Date.UTC(2026, 10, 26, 12);

const docs: { record: DocumentRecord; place: DocumentPlace }[] = [
  ['万象季度报告', '营收同比增长 18%，毛利率回升。', 'cloud', Date.UTC(2026, 10, 26, 1, 42)],
  ['路演问答整理', '投资人关心的七个问题。', 'waiting', Date.UTC(2026, 10, 26, 3, 5)],
  ['周会纪要', '本周完成了导出与云端同步。', 'local', Date.UTC(2026, 10, 25, 9, 30)],
  ['读书笔记', '《置身事内》第三章。', 'local', Date.UTC(2026, 10, 20, 14)],
].map(([title, preview, place, at], i) => ({
  record: {
    id: `local-doc-${i + 1}`,
    title: title as string,
    preview: preview as string,
    owner: 'me',
    createdAt: at as number,
    modifiedAt: at as number,
  },
  place: place as DocumentPlace,
}));
const places = new Map(docs.map((d) => [d.record.id, d.place]));

/** Only the second cloud document lacks a copy here: the first is the 万象季度报告 card. */
const cloudOnly = cloudSummaries.slice(1);

interface HomeArgs {
  onMoveAll(): Promise<void>;
  onLater(): void;
  onNever(): void;
  onOpen(id: string): void;
  width?: number;
}

function CloudHome({ onMoveAll, onLater, onNever, onOpen, width }: HomeArgs) {
  return (
    // On a phone the page scrolls inside a phone-sized screen (the screenshot is that screen).
    <div style={width ? { width, height: 700, overflowY: 'auto' } : undefined}>
      <DocumentHome
        repository={createMemoryDocumentRepository(docs.map(({ record }) => ({ record })))}
        owner="me"
        onOpen={onOpen}
        now={NOW}
        onCreateLocal={async () => onOpen('local-doc-new')}
        sectionTitles={{ local: '我的文档', cloud: '其他设备上的云端文档' }}
        cardNote={(doc) => <DocumentPlaceNote place={places.get(doc.id) ?? 'local'} />}
        banner={<CloudMoveBanner count={2} onMoveAll={onMoveAll} onLater={onLater} onNever={onNever} />}
        cloudSection={<CloudDocumentList load={async () => cloudOnly} onOpen={onOpen} now={NOW} />}
      />
    </div>
  );
}

const meta = {
  title: 'Documents/CloudHome',
  component: CloudHome,
  args: { onMoveAll: fn(async () => undefined), onLater: fn(), onNever: fn(), onOpen: fn() },
  // 全部移到云端's pending state is announced through react-aria's live region, which keeps for seconds an
  // img labelled by the button's id; axe reports that stale node in the next story (as in the list's).
  parameters: { a11y: { context: { exclude: ['[data-live-announcer]'] } } },
} satisfies Meta<typeof CloudHome>;
export default meta;
type Story = StoryObj<typeof meta>;

/**
 * The document home of a signed-in user: every document once, each card saying where it is kept, the
 * cloud documents made elsewhere under them, and the offer to move the two local documents to the cloud.
 */
export const WithMoveBanner: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const banner = await canvas.findByRole('region', { name: '这台设备上有 2 篇文档只保存在本机' });
    await canvas.findByRole('button', { name: /^万象季度报告/ });
    // Each document once: the 万象季度报告 card, not a second row in the cloud list.
    const list = await canvas.findByRole('list', { name: '云端文档列表' });
    await expect(within(list).getAllByRole('button')).toHaveLength(1);
    await expect(within(list).queryByText('万象季度报告')).toBeNull();
    await expect(canvas.getAllByText('万象季度报告')).toHaveLength(1);
    // One way of telling times on every row: 今天/昨天 and the time, in the browser's zone.
    await expect(canvas.getByRole('button', { name: /^万象季度报告/ })).toHaveTextContent(
      /修改于 今天 \d\d:42/,
    );
    await expect(within(list).getByRole('button')).toHaveTextContent(/更新于 \d+月\d+日/);
    await expect(canvasElement.querySelectorAll('[data-document-place="local"]')).toHaveLength(2);
    await expect(canvasElement.querySelector('[data-document-place="waiting"]')).toHaveTextContent('待同步');
    await userEvent.click(within(banner).getByRole('button', { name: '全部移到云端' }));
    await expect(args.onMoveAll).toHaveBeenCalledOnce();
    await userEvent.click(within(banner).getByRole('button', { name: '不再询问' }));
    await expect(args.onNever).toHaveBeenCalledOnce();
  },
};

/** 本机文档 beside 空白文档: a document kept only here, by choice. */
export const LocalOnlyChoice: Story = {
  tags: ['!vrt'],
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: /^本机文档/ }));
    await expect(args.onOpen).toHaveBeenCalledWith('local-doc-new');
  },
};

/** On a phone the banner's buttons wrap under its text, the cards stack. */
export const Phone: Story = {
  args: { width: 390 },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const banner = await canvas.findByRole('region', { name: '这台设备上有 2 篇文档只保存在本机' });
    await expect(banner.getBoundingClientRect().width).toBeLessThanOrEqual(390);
    await canvas.findByRole('list', { name: '云端文档列表' });
  },
};
