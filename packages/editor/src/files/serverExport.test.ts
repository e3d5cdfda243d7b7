import { describe, expect, it } from 'vitest';
import { exportRoute, runExport, SERVER_EXPORT_MIN_BYTES } from './serverExport';

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

describe('the export falls back once', () => {
  /** The ways, each succeeding or failing as told, and the order they were tried in. */
  function ways(outcome: { server?: Error | 'ok'; browser?: Error | 'ok' }, withServer = true) {
    const tried: string[] = [];
    const run = (way: 'server' | 'browser', reason?: string) => async () => {
      tried.push(reason ? `${way}:${reason}` : way);
      const result = outcome[way];
      if (result instanceof Error) throw result;
    };
    return {
      tried,
      ways: {
        onServer: withServer
          ? (reason: 'light' | 'large' | 'fallback') => run('server', reason)()
          : undefined,
        inBrowser: run('browser'),
        isDocumentFault: (error: unknown) => error instanceof Error && error.message === 'malformed',
      },
    };
  }
  const down = new Error('导出失败（503）');
  const noWorker = new Error('worker did not load');
  const malformed = new Error('malformed');

  it('makes a light PDF on the server and never touches the browser when that works', async () => {
    const { tried, ways: w } = ways({ server: 'ok', browser: 'ok' });
    expect(await runExport({ where: 'server', reason: 'light' }, w)).toBeNull();
    expect(tried).toEqual(['server:light']);
  });
  it('makes a light PDF in the browser when the server cannot', async () => {
    const { tried, ways: w } = ways({ server: down, browser: 'ok' });
    expect(await runExport({ where: 'server', reason: 'light' }, w)).toBeNull();
    expect(tried).toEqual(['server:light', 'browser']);
  });
  it('reports both failures when neither can make a light PDF', async () => {
    const { ways: w } = ways({ server: down, browser: noWorker });
    expect(await runExport({ where: 'server', reason: 'light' }, w)).toEqual({
      server: down,
      browser: noWorker,
    });
  });
  it('never hands a large document to the browser: that is why the server was asked', async () => {
    const { tried, ways: w } = ways({ server: down, browser: 'ok' });
    expect(await runExport({ where: 'server', reason: 'large' }, w)).toEqual({ server: down });
    expect(tried).toEqual(['server:large']);
  });
  it('asks the server once when the browser converter fails for a reason of its own', async () => {
    const { tried, ways: w } = ways({ server: 'ok', browser: noWorker });
    expect(await runExport({ where: 'browser' }, w)).toBeNull();
    expect(tried).toEqual(['browser', 'server:fallback']);
  });
  it('does not send a malformed document to the server, nor fall back without one', async () => {
    const first = ways({ server: 'ok', browser: malformed });
    expect(await runExport({ where: 'browser' }, first.ways)).toEqual({ browser: malformed });
    expect(first.tried).toEqual(['browser']);
    const second = ways({ browser: noWorker }, false);
    expect(await runExport({ where: 'browser' }, second.ways)).toEqual({ browser: noWorker });
  });
});
