import { describe, expect, test } from 'vitest';
import { isFenceClosed, mermaidConfig } from './mermaid';

describe('Mermaid diagrams', () => {
  test('a diagram is drawn only once its fence is closed', () => {
    const closed = '```mermaid\ngraph TD\n  A --> B\n```\n';
    expect(isFenceClosed(closed, 0, closed.length)).toBe(true);
    const open = '```mermaid\ngraph TD\n  A --> B\n';
    expect(isFenceClosed(open, 0, open.length)).toBe(false);
    // The closing line is still arriving (`` of ```), or is shorter than the opening fence.
    expect(isFenceClosed('```mermaid\ngraph TD\n``', 0, 21)).toBe(false);
    expect(isFenceClosed('````mermaid\ngraph TD\n```', 0, 24)).toBe(false);
    expect(isFenceClosed('~~~mermaid\ngraph TD\n~~~', 0, 23)).toBe(true);
    // Only the block's own span counts.
    const text = `前文\n\n${closed}\n后文`;
    expect(isFenceClosed(text, 4, 4 + closed.length - 1)).toBe(true);
  });

  test('diagrams are drawn as text labels, no HTML, and no directive can change their security', () => {
    for (const theme of ['light', 'dark'] as const) {
      const config = mermaidConfig(theme);
      // Loose only because the drawing is shown as an image, never put into the page (mermaidImage.ts).
      expect(config.securityLevel).toBe('loose');
      expect(config.htmlLabels).toBe(false);
      expect(config.flowchart?.htmlLabels).toBe(false);
      expect(config.secure).toEqual(
        expect.arrayContaining(['securityLevel', 'htmlLabels', 'secure', 'theme']),
      );
    }
    expect(mermaidConfig('dark')).toMatchObject({ theme: 'dark', darkMode: true });
    expect(mermaidConfig('light')).toMatchObject({ theme: 'default', darkMode: false });
  });
});
