/**
 * One PDF export of the 100-page document in a process of its own (bench/pdf.bench.ts starts it), so that its
 * peak resident memory is the export's. Prints one JSON line.
 */

import { largeChineseDocument } from '../packages/editor/bench/fixture';
import { exportPdf } from '../packages/editor/src/files/pdf/exportPdf';
import { nodePdfFonts } from '../packages/editor/src/files/pdf/nodeFonts';

const { state } = largeChineseDocument(100);
const start = performance.now();
const pdf = await exportPdf(state, { fonts: nodePdfFonts() });
const ms = performance.now() - start;
const peakRss = process.resourceUsage().maxRSS * 1024;
console.log(JSON.stringify({ ms, bytes: pdf.length, peakRss }));
