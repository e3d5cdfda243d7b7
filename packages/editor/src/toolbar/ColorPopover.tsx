import { Button, DialogTrigger, IconButton, Popover, Tooltip } from '@wanxiang/ui';
import { useRef } from 'react';
import { ColorIcon } from '../actions/icons';
import { colorInput as colorWell } from '../dialogs/dialogs.css';
import { DEFAULT_HIGHLIGHT, DEFAULT_TEXT_COLOR, HIGHLIGHT_COLORS, TEXT_COLORS } from '../format/colors';
import { t } from '../i18n/zh-CN';
import type { FormatState } from '../model/useFormatState';
import * as css from './Toolbar.css';

/** Text colour and highlight: the palettes' swatches, a free colour, and back to the default. */
export function ColorPopover({
  format,
  isDisabled,
  onPatch,
}: {
  format: FormatState;
  isDisabled: boolean;
  onPatch(p: { color?: string | null; highlight?: string | null }): void;
}) {
  const colorInput = useRef<HTMLInputElement>(null);
  return (
    <DialogTrigger>
      <Tooltip content={t.toolbar.colors}>
        <IconButton size="sm" variant="ghost" aria-label={t.toolbar.colors} isDisabled={isDisabled}>
          <ColorIcon swatch={format.color || undefined} />
        </IconButton>
      </Tooltip>
      <Popover aria-label={t.toolbar.colors} placement="bottom start">
        <div className={css.popoverSection}>
          <p className={css.popoverTitle}>{t.toolbar.textColor}</p>
          <div className={css.swatches}>
            {TEXT_COLORS.map((c) => (
              <button
                key={c}
                type="button"
                className={css.swatch}
                style={{ background: c }}
                aria-label={`${t.toolbar.textColor} ${c}`}
                onClick={() => onPatch({ color: c })}
              />
            ))}
          </div>
          <div className={css.popoverRow}>
            <input
              ref={colorInput}
              type="color"
              className={colorWell}
              aria-label={t.toolbar.textColor}
              defaultValue={/^#[0-9a-f]{6}$/i.test(format.color) ? format.color : DEFAULT_TEXT_COLOR}
              onChange={(event) => onPatch({ color: event.target.value })}
            />
            <Button size="sm" variant="ghost" onPress={() => onPatch({ color: null })}>
              {t.toolbar.resetColor}
            </Button>
          </div>
          <p className={css.popoverTitle}>{t.toolbar.highlight}</p>
          <div className={css.swatches}>
            {HIGHLIGHT_COLORS.map((c) => (
              <button
                key={c}
                type="button"
                className={css.swatch}
                style={{ background: c }}
                aria-label={`${t.toolbar.highlight} ${c}`}
                onClick={() => onPatch({ highlight: c === DEFAULT_HIGHLIGHT ? null : c })}
              />
            ))}
          </div>
          <div className={css.popoverRow}>
            <input
              type="color"
              className={colorWell}
              aria-label={t.toolbar.highlight}
              defaultValue={/^#[0-9a-f]{6}$/i.test(format.highlight) ? format.highlight : DEFAULT_HIGHLIGHT}
              onChange={(event) => onPatch({ highlight: event.target.value })}
            />
            <Button size="sm" variant="ghost" onPress={() => onPatch({ highlight: null })}>
              {t.toolbar.resetColor}
            </Button>
          </div>
        </div>
      </Popover>
    </DialogTrigger>
  );
}
