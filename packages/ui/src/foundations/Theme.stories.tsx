import type { Meta, StoryObj } from '@storybook/react-vite';
import type { CSSProperties, ReactNode } from 'react';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { Button } from '../components/Button';
import { Menu, MenuItem, MenuTrigger } from '../components/Menu';
import { vars } from '../theme/contract.css';
import { darkTokens, lightTokens } from '../theme/tokens';

/* The tokens as the eye sees them, in the theme of the story (light or dark). */

const section: CSSProperties = {
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
  marginBlockEnd: vars.space.xl,
};
const heading: CSSProperties = { fontSize: vars.font.size.lg, fontWeight: vars.font.weight.bold };
const swatchGrid: CSSProperties = {
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(150px, 1fr))',
  gap: vars.space.sm,
};

function Swatch({
  name,
  background,
  color = vars.color.text.primary,
}: {
  name: string;
  background: string;
  color?: string;
}) {
  return (
    <div
      style={{
        background,
        color,
        padding: vars.space.md,
        borderRadius: vars.radius.lg,
        border: `1px solid ${vars.color.border.subtle}`,
        fontSize: vars.font.size.sm,
      }}
    >
      {name}
    </div>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section style={section}>
      <h2 style={heading}>{title}</h2>
      {children}
    </section>
  );
}

const tones = ['accent', 'info', 'success', 'warning', 'danger'] as const;

function Colors() {
  const { bg } = vars.color;
  return (
    <>
      <Section title="背景">
        <div style={swatchGrid}>
          {(['canvas', 'surface', 'sunken', 'raised', 'hover', 'pressed', 'selected'] as const).map((key) => (
            <Swatch key={key} name={`bg.${key}`} background={bg[key]} />
          ))}
          <Swatch name="bg.inverse" background={bg.inverse} color={vars.color.text.inverse} />
        </div>
      </Section>
      <Section title="文字">
        <div style={swatchGrid}>
          <Swatch name="text.primary 正文" background={bg.canvas} />
          <Swatch name="text.secondary 次要" background={bg.canvas} color={vars.color.text.secondary} />
          <Swatch name="text.tertiary 提示" background={bg.canvas} color={vars.color.text.tertiary} />
          <Swatch name="text.link 链接" background={bg.canvas} color={vars.color.text.link} />
        </div>
      </Section>
      <Section title="语义色">
        {tones.map((tone) => (
          <div key={tone} style={swatchGrid}>
            <Swatch
              name={`${tone}.solid`}
              background={vars.color[tone].solid}
              color={vars.color.text.onSolid}
            />
            <Swatch name={`${tone}.soft`} background={vars.color[tone].soft} color={vars.color[tone].text} />
            <Swatch name={`${tone}.text`} background={bg.canvas} color={vars.color[tone].text} />
          </div>
        ))}
      </Section>
    </>
  );
}

const sample = '万象：与 AI 模型对话、写作文档、查看短线策略看板。The quick brown fox 0123456789';

function Typography() {
  const { size, lineHeight } = vars.font;
  return (
    <Section title="字体与字号">
      {(['xxxl', 'xxl', 'xl', 'lg', 'md', 'sm', 'xs'] as const).map((key) => (
        <div key={key} style={{ display: 'flex', gap: vars.space.lg, alignItems: 'baseline' }}>
          <code style={{ width: '48px', color: vars.color.text.secondary, fontSize: size.xs }}>{key}</code>
          <span style={{ fontSize: size[key], lineHeight: lineHeight.snug }}>{sample}</span>
        </div>
      ))}
      <p style={{ maxWidth: '560px', lineHeight: lineHeight.normal }}>
        正文行高 1.6：中文字符占满整个字框，比拉丁文字需要更大的行距。段落在 800
        像素以内的栏宽中阅读最舒适，对话区的最大宽度也因此设为 800。
      </p>
      <div style={{ display: 'flex', gap: vars.space.lg }}>
        <span style={{ fontWeight: vars.font.weight.regular }}>常规 400</span>
        <span style={{ fontWeight: vars.font.weight.medium }}>中等 500</span>
        <span style={{ fontWeight: vars.font.weight.bold }}>粗体 700</span>
        <code style={{ fontFamily: vars.font.family.mono }}>等宽 const x = 1;</code>
      </div>
    </Section>
  );
}

function Elevation() {
  return (
    <Section title="阴影与圆角">
      <div style={{ display: 'flex', gap: vars.space.xl }}>
        {(['sm', 'md', 'lg'] as const).map((key) => (
          <div
            key={key}
            style={{
              width: '120px',
              height: '80px',
              display: 'grid',
              placeItems: 'center',
              background: vars.color.bg.raised,
              boxShadow: vars.shadow[key],
              borderRadius: vars.radius.lg,
            }}
          >
            {`shadow.${key}`}
          </div>
        ))}
      </div>
    </Section>
  );
}

const meta = {
  title: 'Foundations/Theme',
  component: Colors,
} satisfies Meta<typeof Colors>;
export default meta;
type Story = StoryObj<typeof meta>;

export const ColorTokens: Story = {
  play: async () => {
    // The theme sits on <html>, where portalled overlays can read it too.
    await expect(document.documentElement.dataset.theme).toMatch(/^(light|dark)$/);
  },
};

export const TypographyScale: Story = { render: () => <Typography /> };

export const ShadowsAndRadii: Story = { render: () => <Elevation /> };

/**
 * A theme on part of a page: `data-theme` on any element themes what it holds, the other way round from
 * the page's. The custom properties have stable names (`--wx-color-bg-surface`), so a host can read or set
 * them too. A menu opened from the part is portalled to <body> yet carries the part's theme.
 */
export const ThemedSubtree: Story = {
  render: () => {
    const inverse = document.documentElement.dataset.theme === 'dark' ? 'light' : 'dark';
    return (
      <div
        data-theme={inverse}
        data-testid="subtree"
        style={{
          display: 'flex',
          alignItems: 'center',
          gap: vars.space.md,
          background: vars.color.bg.surface,
          padding: vars.space.lg,
          borderRadius: vars.radius.lg,
        }}
      >
        {inverse === 'dark' ? '深色主题的区域' : '浅色主题的区域'}
        <MenuTrigger>
          <Button variant="secondary">操作</Button>
          <Menu>
            <MenuItem>重命名</MenuItem>
            <MenuItem>删除</MenuItem>
          </Menu>
        </MenuTrigger>
      </div>
    );
  },
  play: async ({ canvasElement }) => {
    await expect(vars.color.bg.surface).toBe('var(--wx-color-bg-surface)');
    const subtree = canvasElement.querySelector<HTMLElement>('[data-testid="subtree"]');
    const inverse = subtree?.dataset.theme === 'dark' ? darkTokens : lightTokens;
    const page = inverse === darkTokens ? lightTokens : darkTokens;
    const read = (element: Element, name = '--wx-color-bg-surface') =>
      getComputedStyle(element).getPropertyValue(name).trim().toLowerCase();
    await expect(read(subtree as HTMLElement)).toBe(inverse.color.bg.surface.toLowerCase());
    await expect(read(document.documentElement)).toBe(page.color.bg.surface.toLowerCase());

    await userEvent.click(within(subtree as HTMLElement).getByRole('button', { name: '操作' }));
    const menu = await screen.findByRole('menu');
    // The menu is portalled out of the part, yet raised in its theme, not the page's.
    const surface = menu.closest('[data-placement]') as HTMLElement;
    await expect(subtree?.contains(surface)).toBe(false);
    await expect(read(surface, '--wx-color-bg-raised')).toBe(inverse.color.bg.raised.toLowerCase());
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
  },
};
