/*
 * The self-hosted CJK face, kept out of the main entry so an app (or Storybook) imports it exactly once and
 * a consumer that prefers the system fonts can leave it out. Fontsource splits Noto Sans SC into
 * unicode-range slices, so a page downloads only the slices of the characters it shows; the variable
 * face covers every weight with one set of slices (a third of the CSS of three static weights).
 */
import '@fontsource-variable/noto-sans-sc/index.css';
