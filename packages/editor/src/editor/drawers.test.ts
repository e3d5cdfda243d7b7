import { describe, expect, it } from 'vitest';
import { MIN_STAGE_PX, panelsThatFit } from './useDrawers';

describe('panelsThatFit', () => {
  it('keeps both panels where a full sheet still fits beside them', () => {
    expect(panelsThatFit(MIN_STAGE_PX + 240 + 320, { left: true, right: true })).toEqual({
      left: true,
      right: true,
    });
  });

  it('folds the left panel first, then the right, to keep the sheet at full width', () => {
    // 1440 − 260 (the app sidebar) = 1180: the sheet and the assistant fit, the files panel does not.
    expect(panelsThatFit(1180, { left: true, right: true })).toEqual({ left: false, right: true });
    expect(panelsThatFit(1000, { left: true, right: true })).toEqual({ left: false, right: false });
    expect(panelsThatFit(1180, { left: true, right: false })).toEqual({ left: true, right: false });
  });

  it('never opens a panel the user closed', () => {
    expect(panelsThatFit(3000, { left: false, right: false })).toEqual({ left: false, right: false });
  });
});
