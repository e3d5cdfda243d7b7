import { useMemo } from 'react';
import { buildPresetStylesheet, type StylePresets } from './presets';
import { useAdoptedStylesheet } from './useAdoptedStylesheet';

/** The style presets as a constructed stylesheet scoped to this paper. */
export function usePresetStylesheet(paperId: string, presets: StylePresets) {
  const css = useMemo(
    () => buildPresetStylesheet(`[data-wx-paper="${paperId}"]`, presets),
    [paperId, presets],
  );
  useAdoptedStylesheet(css);
}
