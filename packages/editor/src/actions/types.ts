import type { LexicalEditor } from 'lexical';
import type { ComponentType } from 'react';
import type { FormatState } from '../model/useFormatState';
import type { ZoomCommand } from '../pageView/zoom';

/**
 * What the editor's frame does for the actions that reach beyond the document: the panels, the file
 * pickers, the page around the editor. The composer gives them to the ActionsPlugin.
 */
export interface FrameHandlers {
  back(): void;
  toggleLeft(): void;
  toggleRight(): void;
  openFile(): void;
  chooseImage(): void;
  saveLocal(): void;
  exportMarkdown(): void;
  exportDocx(): void;
  /** Writes the document as a PDF and downloads it (the font and the writer load on first use). */
  exportPdf(): void;
  /** Saves at once instead of after the autosave pause. */
  saveNow(): void;
  /** Saves at once, then to the cloud where the page offers it (保存到云端, Ctrl+S); else only saves now. */
  saveCloud(): void;
  /** 版本历史: the document's saved versions. */
  openVersions(): void;
  /** 为当前版本命名. */
  nameVersion(): void;
  /** 编辑 › 偏好设置: the user's defaults, kept by the host (an editor without them hides the entry). */
  openPreferences?(): void;
  /** 视图 › 页面视图 / 连续视图. */
  setView?(view: 'page' | 'continuous'): void;
  /** 视图 › 缩放 (and Ctrl+= / Ctrl+- / Ctrl+0): the page view's zoom, never part of the document. */
  zoom?(command: ZoomCommand): void;
}

/** What an action knows when it runs. */
export interface ActionContext {
  editor: LexicalEditor;
  /** The format at the caret, as the toolbar shows it. */
  format: FormatState;
  frame: FrameHandlers;
}

/** What the editor offers here: an action without its target (the right panel) is left out. */
export interface FrameInfo {
  hasRightPanel: boolean;
  /** 页面视图 or 连续视图, where the editor offers the choice. */
  view?: 'page' | 'continuous';
}

/** One entry of the actions table: everything the menus, the toolbar and the shortcuts need to know. */
export interface ActionSpec {
  /** The menu item's text (and the toolbar button's tooltip, unless `hint` says otherwise). */
  label: string;
  /** The toolbar button's tooltip and accessible name, when it says more than the menu item. */
  hint?: string;
  /** The shortcut shown beside the menu item. */
  shortcut?: string;
  /**
   * Keys that run the action while the focus is in the editor, e.g. `Ctrl+Alt+F` (Ctrl is ⌘ on macOS).
   * Keys Lexical already handles (Ctrl+Z, Ctrl+A) are only shown, never bound twice.
   */
  keys?: readonly string[];
  /** The toolbar button's icon. */
  icon?: ComponentType;
  /** The toolbar button shows pressed (aria-pressed) when this is true; without it, it is no toggle. */
  isActive?(format: FormatState): boolean;
  /** Disabled when this is false (the table tools outside a table). */
  isEnabled?(format: FormatState): boolean;
  /** In a menu group that is a choice (页面视图 / 连续视图): the entry shown chosen when this is true. */
  isChecked?(frame: FrameInfo): boolean;
  /** Absent from the toolbar, and disabled in the menus, when this is false. */
  isAvailable?(frame: FrameInfo): boolean;
  /** Why it is unavailable, shown under the disabled menu item (a disabled control says why). */
  unavailableReason?: string;
  /** True when it acts on the page around the editor and works before the editor is ready. */
  isFrameAction?: boolean;
  /** A destructive action (drawn as such where it is a button with text). */
  isDanger?: boolean;
  run(context: ActionContext): void;
}
