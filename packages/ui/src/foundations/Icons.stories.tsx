import type { Meta, StoryObj } from '@storybook/react-vite';
import type { CSSProperties } from 'react';
import { expect } from 'storybook/test';
import * as icons from '../icons/icons';
import { vars } from '../theme/contract.css';

const grid: CSSProperties = {
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(120px, 1fr))',
  gap: vars.space.sm,
};
const cell: CSSProperties = {
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: vars.space.xs,
  padding: vars.space.md,
  borderRadius: vars.radius.lg,
  border: `1px solid ${vars.color.border.subtle}`,
  color: vars.color.text.primary,
};
const name: CSSProperties = { fontSize: vars.font.size.xs, color: vars.color.text.secondary };

const entries = Object.entries(icons).sort(([a], [b]) => a.localeCompare(b));

function Gallery({ size }: { size: number }) {
  return (
    <div style={grid}>
      {entries.map(([iconName, IconComponent]) => (
        <div key={iconName} style={cell}>
          <IconComponent size={size} />
          <span style={name}>{iconName}</span>
        </div>
      ))}
    </div>
  );
}

const meta = {
  title: 'Foundations/Icons',
  component: Gallery,
  args: { size: 24 },
} satisfies Meta<typeof Gallery>;
export default meta;
type Story = StoryObj<typeof meta>;

export const All: Story = {
  play: async ({ canvasElement }) => {
    // Decorative by default: hidden from assistive technology, the control around them names them.
    const svgs = canvasElement.querySelectorAll('svg');
    await expect(svgs.length).toBe(entries.length);
    for (const svg of svgs) await expect(svg).toHaveAttribute('aria-hidden', 'true');
  },
};

export const Small: Story = { args: { size: 16 } };

export const Labelled: Story = {
  render: () => <icons.WarningIcon size={32} aria-label="警告" />,
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('img', { name: '警告' })).toBeInTheDocument();
  },
};
