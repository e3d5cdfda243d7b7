import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor } from 'storybook/test';
import { StoryColumn, StoryRow } from '../private/StoryLayout';
import { Avatar, avatarSizes, avatarTones } from './Avatar';

/** A portrait as an uploaded avatar might be: local (a data: URL), its colours the picture's own. */
const PORTRAIT = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64">' +
    '<rect width="64" height="64" fill="#f4a261"/>' +
    '<circle cx="32" cy="26" r="12" fill="#264653"/>' +
    '<path d="M10 64 Q32 36 54 64 Z" fill="#264653"/>' +
    '</svg>',
)}`;

const meta = {
  title: 'Components/Avatar',
  component: Avatar,
  args: { name: '李明' },
  argTypes: {
    size: { control: 'inline-radio', options: avatarSizes },
    tone: { control: 'inline-radio', options: avatarTones },
  },
} satisfies Meta<typeof Avatar>;
export default meta;
type Story = StoryObj<typeof meta>;

/** No picture: the name's first character on the accent disc; decorative without a label. */
export const Monogram: Story = {
  play: async ({ canvasElement }) => {
    const badge = canvasElement.querySelector('[data-avatar]');
    await expect(badge).toHaveTextContent(/^李$/);
    await expect(badge).toHaveAttribute('aria-hidden', 'true');
  },
};

/** The account's picture fills the disc. */
export const Picture: Story = {
  args: { src: PORTRAIT },
  play: async ({ canvasElement }) => {
    const image = canvasElement.querySelector('[data-avatar="image"] img');
    await expect(image).toHaveAttribute('src', PORTRAIT);
    await expect(image).toHaveAttribute('alt', '');
  },
};

/** With a label the badge is an image named by it, for where nothing beside it says whose it is. */
export const Labelled: Story = {
  args: { src: PORTRAIT, label: '李明' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('img', { name: '李明' })).toBeVisible();
  },
};

/** A picture that does not load gives way to the monogram. */
export const BrokenPicture: Story = {
  args: { name: 'ada', src: 'data:image/png;base64,AAAA' },
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(canvasElement.querySelector('[data-avatar]')).toHaveTextContent(/^A$/));
  },
};

/** Sizes, tones and names: an ideograph, a Latin letter (upper-cased, accent kept), an empty name. */
export const Gallery: Story = {
  render: (args) => (
    <StoryColumn>
      {avatarSizes.map((size) => (
        <StoryRow key={size} label={size}>
          <Avatar {...args} size={size} />
          <Avatar {...args} size={size} name="ada" />
          <Avatar {...args} size={size} name="  émile" />
          <Avatar {...args} size={size} name="" />
          <Avatar {...args} size={size} src={PORTRAIT} />
          <Avatar {...args} size={size} tone="muted">
            !
          </Avatar>
        </StoryRow>
      ))}
    </StoryColumn>
  ),
  play: async ({ canvasElement }) => {
    const texts = [...canvasElement.querySelectorAll('[data-avatar]')].slice(0, 6).map((b) => b.textContent);
    await expect(texts).toEqual(['李', 'A', 'É', '?', '', '!']);
  },
};
