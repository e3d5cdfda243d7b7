import { PDF_FONT_FILES, type PdfFontFile } from './fontFiles';
import type { PdfDoc } from './painter';

/** Every font file of the export, as a painter over a fake document has them all registered. */
export const ALL_FONTS: ReadonlySet<PdfFontFile> = new Set(Object.keys(PDF_FONT_FILES) as PdfFontFile[]);

/**
 * A stand-in for PDFKit's document in unit tests: records the calls the painter makes, and measures every
 * character as half the font size wide (an ideograph as one em would make lines of known length too).
 */
export interface FakeDoc {
  doc: PdfDoc;
  calls: Array<[string, ...unknown[]]>;
  /** The strings written with text(), with their x, y and options. */
  texts(): Array<{ text: string; x: number; y: number; options: Record<string, unknown> }>;
}

export function fakeDoc(charWidthEm = 1): FakeDoc {
  const calls: Array<[string, ...unknown[]]> = [];
  let size = 12;
  const doc: Record<string, unknown> = {};
  const record =
    (name: string) =>
    (...args: unknown[]) => {
      calls.push([name, ...args]);
      return doc;
    };
  for (const name of [
    'font',
    'fillColor',
    'strokeColor',
    'save',
    'restore',
    'rect',
    'roundedRect',
    'ellipse',
    'polygon',
    'fillAndStroke',
    'fill',
    'stroke',
    'lineWidth',
    'moveTo',
    'lineTo',
    'dash',
    'undash',
    'image',
    'addPage',
    'text',
  ])
    doc[name] = record(name);
  doc.fontSize = (n: number) => {
    size = n;
    calls.push(['fontSize', n]);
    return doc;
  };
  doc.widthOfString = (text: string) => {
    calls.push(['widthOfString', text]);
    return Array.from(text).length * size * charWidthEm;
  };
  doc.openImage = () => {
    throw new Error('no pictures in the fake');
  };
  return {
    doc: doc as unknown as PdfDoc,
    calls,
    texts: () =>
      calls
        .filter((c) => c[0] === 'text')
        .map(([, text, x, y, options]) => ({
          text: text as string,
          x: x as number,
          y: y as number,
          options: options as Record<string, unknown>,
        })),
  };
}
