/**
 * The fonts of exported PDFs, one face for each Chinese family the editor offers, all under the SIL Open
 * Font License and installed from npm with the package (nothing is fetched from anywhere but the app's own
 * origin). Each is subset per document when the PDF is written, so only the characters used are embedded.
 *
 * | family             | face in the PDF                          | npm package                         |
 * | ------------------ | ---------------------------------------- | ----------------------------------- |
 * | 黑体 (and 微软雅黑, the default) | Noto Sans SC Regular / Bold  | `@expo-google-fonts/noto-sans-sc`   |
 * | 宋体               | Noto Serif SC Regular / Bold             | `@expo-google-fonts/noto-serif-sc`  |
 * | 楷体               | LXGW WenKai (霞鹜文楷) Regular / Bold    | `@fontsource/lxgw-wenkai`           |
 * | 仿宋               | LXGW WenKai Light / Bold (a substitute)  | `@fontsource/lxgw-wenkai`           |
 *
 * No open-licensed 仿宋 is published on npm, so 仿宋 is set in the light weight of WenKai: a thin,
 * even-stroked kai, the nearest open face to 仿宋's brush-drawn strokes. Bold is a real bold weight of each
 * face, never a smeared stroke.
 */
export const PDF_FONT_FILES = {
  'NotoSansSC-Regular': '@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf',
  'NotoSansSC-Bold': '@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf',
  'NotoSerifSC-Regular': '@expo-google-fonts/noto-serif-sc/400Regular/NotoSerifSC_400Regular.ttf',
  'NotoSerifSC-Bold': '@expo-google-fonts/noto-serif-sc/700Bold/NotoSerifSC_700Bold.ttf',
  'LXGWWenKai-Light': '@fontsource/lxgw-wenkai/files/lxgw-wenkai-latin-300-normal.woff',
  'LXGWWenKai-Regular': '@fontsource/lxgw-wenkai/files/lxgw-wenkai-latin-500-normal.woff',
  'LXGWWenKai-Bold': '@fontsource/lxgw-wenkai/files/lxgw-wenkai-latin-700-normal.woff',
} as const;

/** One font file of the PDF export, by its PostScript name. */
export type PdfFontFile = keyof typeof PDF_FONT_FILES;

/** The four Chinese families of the PDF: 黑体, 宋体, 楷体, 仿宋. */
export type PdfFace = 'hei' | 'song' | 'kai' | 'fang';
export type PdfWeight = 'regular' | 'bold';

/** The file each family and weight is set in. */
export const PDF_FACES: Record<PdfFace, Record<PdfWeight, PdfFontFile>> = {
  hei: { regular: 'NotoSansSC-Regular', bold: 'NotoSansSC-Bold' },
  song: { regular: 'NotoSerifSC-Regular', bold: 'NotoSerifSC-Bold' },
  kai: { regular: 'LXGWWenKai-Regular', bold: 'LXGWWenKai-Bold' },
  fang: { regular: 'LXGWWenKai-Light', bold: 'LXGWWenKai-Bold' },
};

/** Text in a family the PDF has no face for is set in this one (the editor's paper shows a sans too). */
export const DEFAULT_FACE: PdfFace = 'hei';

// The editor's family keys (FONT_FAMILIES in format/units.ts), and the Latin ones by their look.
const BY_KEY: Record<string, PdfFace> = {
  songti: 'song',
  heiti: 'hei',
  kaiti: 'kai',
  fangsong: 'fang',
  yahei: 'hei',
  times: 'song',
  georgia: 'song',
  arial: 'hei',
  verdana: 'hei',
  courier: 'hei',
};

/**
 * The face for a family: an editor key (`kaiti`) or a css font-family as a run or an imported document
 * carries it (`"FangSong", "仿宋", …`, `"仿宋_GB2312", serif`, `"方正小标宋简体", serif`). Names the editor
 * does not offer go by what they say they are (仿宋 before 宋, since 仿宋 contains 宋); null when nothing
 * tells, so the block's face stays.
 */
export function faceOfFamily(family: string | undefined | null): PdfFace | null {
  if (!family) return null;
  const key = BY_KEY[family.trim()];
  if (key) return key;
  const first = (family.split(',')[0] ?? '').replace(/["']/g, '').trim().toLowerCase();
  if (!first) return null;
  if (/仿宋|fangsong|fang song|stfangsong/.test(first)) return 'fang';
  if (/楷|kaiti|kai ti|stkaiti|wenkai/.test(first)) return 'kai';
  if (/黑|雅黑|等线|hei|yahei|sans|arial|helvetica|verdana|pingfang|courier|mono/.test(first)) return 'hei';
  if (/宋|明|song|simsun|serif|times|georgia|mincho|ming/.test(first)) return 'song';
  return null;
}
