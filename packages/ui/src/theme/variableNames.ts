const kebab = (key: string) => key.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);

/**
 * The custom property of a theme token, without its leading `--`: `wx-` and the token's path in kebab
 * case (`color.text.primary` → `wx-color-text-primary`, `font.lineHeight.normal` →
 * `wx-font-line-height-normal`). Part of the public contract: these names never change within a major.
 */
export const themeVariableName = (path: readonly string[]) => `wx-${path.map(kebab).join('-')}`;
