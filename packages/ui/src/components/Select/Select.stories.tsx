import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { ChatIcon, DocumentIcon, StockIcon } from '../../icons';
import { StoryColumn } from '../private/StoryLayout';
import { Select, SelectItem, SelectSection } from './Select';

const models = [
  { id: 'deepseek-chat', name: 'DeepSeek-V3', price: '输入 1 / 输出 2 积分' },
  { id: 'qwen-max', name: '通义千问 Max', price: '输入 2 / 输出 6 积分' },
  { id: 'moonshot', name: 'Kimi 长文本', price: '每次 5 积分' },
  { id: 'offline', name: '离线演示模型', price: '每次 0 积分' },
];

const meta = {
  title: 'Components/Select',
  component: Select,
  args: { label: '模型', onChange: fn(), children: null },
  decorators: [
    (Story) => (
      <StoryColumn width="300px">
        <Story />
      </StoryColumn>
    ),
  ],
  render: (args) => (
    <Select {...args} items={models}>
      {(model: (typeof models)[number]) => <SelectItem id={model.id}>{model.name}</SelectItem>}
    </Select>
  ),
} satisfies Meta<typeof Select>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Placeholder: Story = {
  play: async ({ canvas }) => {
    await waitFor(() => expect(canvas.getByRole('button', { name: /请选择/ })).toBeVisible());
  },
};

export const Selected: Story = { args: { defaultValue: 'qwen-max' } };

export const OpenAndChoose: Story = {
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: /模型/ }));
    const listbox = await screen.findByRole('listbox');
    await userEvent.click(within(listbox).getByRole('option', { name: 'Kimi 长文本' }));
    await expect(args.onChange).toHaveBeenCalledWith('moonshot');
    await waitFor(() => expect(canvas.getByRole('button', { name: /Kimi 长文本/ })).toBeVisible());
    await waitFor(() => expect(screen.queryByRole('listbox')).not.toBeInTheDocument());
  },
};

export const OpenWithDescriptions: Story = {
  args: { defaultValue: 'deepseek-chat' },
  render: (args) => (
    <Select {...args} items={models}>
      {(model: (typeof models)[number]) => (
        <SelectItem id={model.id} textValue={model.name} description={model.price}>
          {model.name}
        </SelectItem>
      )}
    </Select>
  ),
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: /模型/ }));
    const listbox = await screen.findByRole('listbox');
    await expect(within(listbox).getByRole('option', { name: /DeepSeek-V3/ })).toHaveAttribute(
      'aria-selected',
      'true',
    );
  },
};

export const OpenWithSectionsAndDisabledItems: Story = {
  args: { label: '新建', disabledKeys: ['presentation'] },
  render: (args) => (
    <Select {...args}>
      <SelectSection title="办公">
        <SelectItem id="document" icon={<DocumentIcon />}>
          文档
        </SelectItem>
        <SelectItem id="presentation" icon={<DocumentIcon />} description="即将推出">
          演示文稿
        </SelectItem>
      </SelectSection>
      <SelectSection title="其他">
        <SelectItem id="chat" icon={<ChatIcon />}>
          对话
        </SelectItem>
        <SelectItem id="stock" icon={<StockIcon />}>
          股票
        </SelectItem>
      </SelectSection>
    </Select>
  ),
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: /新建/ }));
    const listbox = await screen.findByRole('listbox');
    await expect(within(listbox).getByRole('option', { name: /演示文稿/ })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    await waitFor(() => expect(within(listbox).getByRole('group', { name: '办公' })).toBeVisible());
  },
};

export const KeyboardSelection: Story = {
  play: async ({ args }) => {
    await userEvent.tab();
    await userEvent.keyboard('{ArrowDown}');
    await screen.findByRole('listbox');
    await userEvent.keyboard('{ArrowDown}{Enter}');
    await expect(args.onChange).toHaveBeenCalledWith('qwen-max');
  },
};

export const Invalid: Story = {
  args: { isInvalid: true, errorMessage: '无法加载AI模型列表' },
  play: async ({ canvas }) => {
    await waitFor(() => expect(canvas.getByText('无法加载AI模型列表')).toBeVisible());
  },
};

export const Disabled: Story = {
  args: { isDisabled: true, defaultValue: 'deepseek-chat' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: /模型/ })).toBeDisabled();
  },
};

export const WithDescription: Story = {
  args: { description: '不同模型的积分消耗不同。' },
};

export const LongChineseLabel: Story = {
  args: {
    label: '请选择用于生成文档摘要与智能续写的默认人工智能模型',
    defaultValue: 'moonshot',
  },
  render: (args) => (
    <Select
      {...args}
      items={[...models, { id: 'long', name: '一个名字非常非常长、用来检查截断效果的模型', price: '' }]}
    >
      {(model: (typeof models)[number]) => <SelectItem id={model.id}>{model.name}</SelectItem>}
    </Select>
  ),
};
