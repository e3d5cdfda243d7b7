import {
  Button,
  ChevronDownIcon,
  IconButton,
  Menu,
  MenuItem,
  MenuSeparator,
  MenuTrigger,
  MinusIcon,
  PlusIcon,
  Tooltip,
} from '@wanxiang/ui';
import type { Key } from 'react';
import { t } from '../i18n/zh-CN';
import type { Zoom } from './useZoom';
import { formatZoom, ZOOM_MAX, ZOOM_MIN, ZOOM_PRESETS, type ZoomMode } from './zoom';
import * as css from './zoom.css';

const keyOf = (mode: ZoomMode): string =>
  mode.kind === 'fixed' ? `scale-${Math.round(mode.scale * 100)}` : mode.kind;

const CHOICES: ReadonlyArray<{ key: string; label: string; mode: ZoomMode }> = [
  { key: 'fitWidth', label: t.zoom.fitWidth, mode: { kind: 'fitWidth' } },
  { key: 'wholePage', label: t.zoom.wholePage, mode: { kind: 'wholePage' } },
  ...ZOOM_PRESETS.map((scale) => {
    const mode: ZoomMode = { kind: 'fixed', scale };
    return { key: keyOf(mode), label: formatZoom(scale), mode };
  }),
];

/**
 * 显示比例 at the desk's bottom-right, where Word and WPS have it: 缩小, the scale (a menu of 适合页宽, 整页
 * and 50 %–200 %) and 放大. Only in the page view; the 视图 menu and Ctrl+= / Ctrl+- / Ctrl+0 do the same.
 */
export function ZoomControl({ zoom, besideRightPanel }: { zoom: Zoom; besideRightPanel: boolean }) {
  if (!zoom.enabled) return null;
  const shown = formatZoom(zoom.scale);
  const selected = CHOICES.some((choice) => choice.key === keyOf(zoom.mode)) ? [keyOf(zoom.mode)] : [];
  return (
    // biome-ignore lint/a11y/useSemanticElements: a labelled group of three buttons, not a form's fieldset.
    <div
      className={css.control}
      role="group"
      aria-label={t.zoom.title}
      {...(besideRightPanel ? { 'data-beside-panel': '' } : {})}
    >
      <Tooltip content={`${t.zoom.out}（Ctrl+-）`}>
        <IconButton
          size="sm"
          variant="ghost"
          shape="circle"
          aria-label={t.zoom.out}
          isDisabled={zoom.scale <= ZOOM_MIN}
          onPress={() => zoom.run('out')}
        >
          <MinusIcon />
        </IconButton>
      </Tooltip>
      <MenuTrigger>
        <Button
          size="sm"
          variant="ghost"
          className={css.scaleButton}
          aria-label={`${t.zoom.title} ${shown}`}
          iconEnd={<ChevronDownIcon />}
        >
          {shown}
        </Button>
        <Menu
          aria-label={t.zoom.title}
          selectionMode="single"
          selectedKeys={selected}
          onAction={(key: Key) => {
            const choice = CHOICES.find((c) => c.key === String(key));
            if (choice) zoom.choose(choice.mode);
          }}
        >
          {CHOICES.slice(0, 2).map((choice) => (
            <MenuItem key={choice.key} id={choice.key}>
              {choice.label}
            </MenuItem>
          ))}
          <MenuSeparator />
          {CHOICES.slice(2).map((choice) => (
            <MenuItem key={choice.key} id={choice.key}>
              {choice.label}
            </MenuItem>
          ))}
        </Menu>
      </MenuTrigger>
      <Tooltip content={`${t.zoom.in}（Ctrl+=）`}>
        <IconButton
          size="sm"
          variant="ghost"
          shape="circle"
          aria-label={t.zoom.in}
          isDisabled={zoom.scale >= ZOOM_MAX}
          onPress={() => zoom.run('in')}
        >
          <PlusIcon />
        </IconButton>
      </Tooltip>
    </div>
  );
}
