import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent } from 'storybook/test';
import { ChatIcon, DocumentIcon, StockIcon } from '../../icons';
import { StoryColumn } from '../private/StoryLayout';
import { Tab, TabList, TabPanel, Tabs, tabsVariants } from './Tabs';

const meta = {
  title: 'Components/Tabs',
  component: Tabs,
  args: { onSelectionChange: fn() },
  argTypes: { variant: { control: 'inline-radio', options: tabsVariants } },
  render: (args) => (
    <Tabs {...args}>
      <TabList aria-label="文档视图">
        <Tab id="local">本地文档</Tab>
        <Tab id="cloud">云端文档</Tab>
        <Tab id="shared" isDisabled>
          与我共享
        </Tab>
      </TabList>
      <TabPanel id="local">最近编辑的 8 篇本地文档。</TabPanel>
      <TabPanel id="cloud">云端文档将在保存（Ctrl+S）后出现在这里。</TabPanel>
      <TabPanel id="shared">即将推出</TabPanel>
    </Tabs>
  ),
} satisfies Meta<typeof Tabs>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Underline: Story = {
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole('tab', { name: '本地文档' })).toHaveAttribute('aria-selected', 'true');
    await userEvent.click(canvas.getByRole('tab', { name: '云端文档' }));
    await expect(args.onSelectionChange).toHaveBeenCalledWith('cloud');
    await expect(canvas.getByRole('tabpanel')).toHaveTextContent(/云端文档将在保存/);
  },
};

export const Segmented: Story = { args: { variant: 'segmented' } };

export const KeyboardNavigation: Story = {
  play: async ({ canvas }) => {
    await userEvent.tab();
    await expect(canvas.getByRole('tab', { name: '本地文档' })).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}');
    await expect(canvas.getByRole('tab', { name: '云端文档' })).toHaveAttribute('aria-selected', 'true');
    // The disabled tab is skipped.
    await userEvent.keyboard('{ArrowRight}');
    await expect(canvas.getByRole('tab', { name: '本地文档' })).toHaveAttribute('aria-selected', 'true');
  },
};

export const WithIcons: Story = {
  render: (args) => (
    <StoryColumn>
      {tabsVariants.map((variant) => (
        <Tabs key={variant} {...args} variant={variant}>
          <TabList aria-label={`工作区（${variant}）`}>
            <Tab id="chat" icon={<ChatIcon />}>
              对话
            </Tab>
            <Tab id="docs" icon={<DocumentIcon />}>
              文档
            </Tab>
            <Tab id="stock" icon={<StockIcon />}>
              股票
            </Tab>
          </TabList>
          <TabPanel id="chat">与 AI 模型对话。</TabPanel>
          <TabPanel id="docs">文字处理与 AI 写作助手。</TabPanel>
          <TabPanel id="stock">短线策略看板。</TabPanel>
        </Tabs>
      ))}
    </StoryColumn>
  ),
};

export const LongChineseLabels: Story = {
  render: (args) => (
    <div style={{ width: '320px' }}>
      <Tabs {...args}>
        <TabList aria-label="报告">
          <Tab id="a">市场整体分析</Tab>
          <Tab id="b">情绪阶段</Tab>
          <Tab id="c">核心热点题材</Tab>
          <Tab id="d">推荐个股</Tab>
        </TabList>
        <TabPanel id="a">暂无市场分析</TabPanel>
        <TabPanel id="b">未知阶段</TabPanel>
        <TabPanel id="c">暂无热点题材数据</TabPanel>
        <TabPanel id="d">暂无推荐个股</TabPanel>
      </Tabs>
    </div>
  ),
};
