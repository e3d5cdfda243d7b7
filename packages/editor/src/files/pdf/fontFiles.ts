/**
 * The font of exported PDFs: Noto Sans SC (SIL Open Font License), static TrueType instances from the
 * @expo-google-fonts/noto-sans-sc npm package: full GB 18030 coverage, a regular and a bold, subset per
 * document when the PDF is written. Nothing is fetched from anywhere but the app's own origin.
 */
export const PDF_FONT_FILES = {
  regular: '@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf',
  bold: '@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf',
} as const;
