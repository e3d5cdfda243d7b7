import { describe, expect, it } from 'vitest';
import { exportRoute, SERVER_EXPORT_MIN_BYTES } from './serverExport';

describe('where an export runs', () => {
  it('sends a large PDF or DOCX to the server when the host has one', () => {
    expect(exportRoute('pdf', SERVER_EXPORT_MIN_BYTES, true)).toBe('server');
    expect(exportRoute('docx', SERVER_EXPORT_MIN_BYTES + 1, true)).toBe('server');
  });
  it('keeps small documents, Markdown, and hosts without a server in the browser', () => {
    expect(exportRoute('pdf', SERVER_EXPORT_MIN_BYTES - 1, true)).toBe('browser');
    expect(exportRoute('md', SERVER_EXPORT_MIN_BYTES * 4, true)).toBe('browser');
    expect(exportRoute('pdf', SERVER_EXPORT_MIN_BYTES * 4, false)).toBe('browser');
  });
});
