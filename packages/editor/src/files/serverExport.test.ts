import { describe, expect, it } from 'vitest';
import { exportRoute, SERVER_EXPORT_MIN_BYTES } from './serverExport';

describe('where an export runs', () => {
  it('sends every PDF to the server when the host has one: the browser is spared the fonts', () => {
    expect(exportRoute('pdf', 1, true)).toEqual({ where: 'server', reason: 'light' });
    expect(exportRoute('pdf', SERVER_EXPORT_MIN_BYTES, true)).toEqual({ where: 'server', reason: 'large' });
  });
  it('sends a large DOCX to the server, and keeps a small one in the browser', () => {
    expect(exportRoute('docx', SERVER_EXPORT_MIN_BYTES + 1, true)).toEqual({
      where: 'server',
      reason: 'large',
    });
    expect(exportRoute('docx', SERVER_EXPORT_MIN_BYTES - 1, true)).toEqual({ where: 'browser' });
  });
  it('keeps Markdown, and everything of a host without a server, in the browser', () => {
    expect(exportRoute('md', SERVER_EXPORT_MIN_BYTES * 4, true)).toEqual({ where: 'browser' });
    expect(exportRoute('pdf', SERVER_EXPORT_MIN_BYTES * 4, false)).toEqual({ where: 'browser' });
  });
});
