import { $getRoot, $getState, $setState, createState, type LexicalEditor } from 'lexical';
import { normalizePageSetup, PAGE_SETUP_STATE_KEY, type PageSetup, samePageSetup } from './pageSetup';

/**
 * The page setup in the root's node state: saved with the document (root.$.wxPageSetup), and changed by an
 * editor update, so one undo step takes a change back. The default page is left out of the JSON.
 */
export const pageSetupState = createState(PAGE_SETUP_STATE_KEY, {
  parse: normalizePageSetup,
  isEqual: samePageSetup,
});

export const $getPageSetup = (): PageSetup => $getState($getRoot(), pageSetupState);

/** Sets the document's page setup (one undo step). */
export function setPageSetup(editor: LexicalEditor, setup: PageSetup): void {
  editor.update(() => {
    $setState($getRoot(), pageSetupState, normalizePageSetup(setup));
  });
}
