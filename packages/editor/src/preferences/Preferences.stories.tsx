import type { Meta, StoryObj } from '@storybook/react-vite';
import { ToastRegion } from '@wanxiang/ui';
import { useMemo, useState } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import type { DocumentContent } from '../documents/types';
import { WordEditor } from '../editor/WordEditor';
import { t } from '../i18n/zh-CN';
import { EditorPreferencesProvider } from './context';
import { PreferencesDialog } from './PreferencesDialog';
import { DEFAULT_EDITOR_PREFERENCES, type EditorPreferences, type EditorPreferencesHost } from './types';

const m = t.preferences;
const MODELS = [
  { id: 'offline', name: '离线演示模型' },
  { id: 'writer', name: '写作模型' },
];

interface HarnessProps {
  initial: EditorPreferences;
  /** The host's store: resolves to store, rejects to fail (offline). */
  save(next: EditorPreferences): Promise<void>;
  onSave(content: DocumentContent, title: string): Promise<void>;
}

/** The word processor on a new document, its preferences kept by a host in memory, as the app keeps them. */
function Harness({ initial, save, onSave }: HarnessProps) {
  const [preferences, setPreferences] = useState(initial);
  const host = useMemo<EditorPreferencesHost>(
    () => ({
      preferences,
      async save(next) {
        await save(next);
        setPreferences(next);
      },
      loadModels: async () => MODELS,
    }),
    [preferences, save],
  );
  return (
    <EditorPreferencesProvider value={host}>
      <div style={{ height: '100vh' }}>
        <WordEditor
          documentId="prefs-doc"
          initialTitle="未命名文档"
          initialContent={{ version: '2.0.0', editorState: null }}
          onSave={onSave}
          saveDelayMs={50}
        />
      </div>
      <ToastRegion />
    </EditorPreferencesProvider>
  );
}

const meta = {
  title: 'Preferences',
  component: Harness,
  parameters: {
    layout: 'fullscreen',
    // 保存 is a pending button: react-aria announces its end through a live region that keeps, for seven
    // seconds, an img labelled by the button's id, gone once the dialog closed. It is not content.
    a11y: { context: { exclude: ['[data-live-announcer]'] } },
  },
  args: {
    initial: DEFAULT_EDITOR_PREFERENCES,
    save: fn(async () => {}),
    onSave: fn(async () => {}),
  },
} satisfies Meta<typeof Harness>;
export default meta;
type Story = StoryObj<typeof meta>;

const body = () => within(document.body);

/** 编辑 › 偏好设置, by the menu bar. */
async function openPreferences(canvasElement: HTMLElement) {
  const canvas = within(canvasElement);
  await userEvent.click(await canvas.findByRole('menuitem', { name: t.menus.edit }));
  const menu = await body().findByRole('menu', { name: t.menus.edit });
  await userEvent.click(within(menu).getByRole('menuitem', { name: t.edit.preferences }));
  return body().findByRole('dialog', { name: m.title });
}

async function pick(dialog: HTMLElement, label: string, option: string) {
  await userEvent.click(within(dialog).getByRole('button', { name: new RegExp(label) }));
  await userEvent.click(await body().findByRole('option', { name: option }));
}

const paper = (canvasElement: HTMLElement) =>
  within(canvasElement).getByRole('textbox', { name: t.editorLabel });

/**
 * Font 仿宋 and autosave off, saved: the dialog closes with 偏好设置已保存; typing then waits for Ctrl+S,
 * the status saying so, and Ctrl+S saves.
 */
export const SavesFontAndAutosave: Story = {
  // The editor's own screenshots cover it; the dialog has its own below.
  tags: ['!vrt'],
  play: async ({ canvasElement, args }) => {
    const save = args.save as ReturnType<typeof fn>;
    const onSave = args.onSave as ReturnType<typeof fn>;
    save.mockClear();
    onSave.mockClear();
    const dialog = await openPreferences(canvasElement);
    await pick(dialog, m.fontFamily, '仿宋');
    await pick(dialog, m.fontSize, '三号');
    // Documents open on pages unless the user chooses the continuous view.
    await expect(within(dialog).getByRole('button', { name: new RegExp(m.view) })).toHaveTextContent(
      t.view.page,
    );
    await pick(dialog, m.view, t.view.continuous);
    const autosave = within(dialog).getByRole('checkbox', { name: m.autosave });
    await expect(autosave).toBeChecked();
    await userEvent.click(autosave);
    await expect(autosave).not.toBeChecked();
    // The model list comes from the host; the server's default is the preselected choice.
    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: new RegExp(m.assistantModel) })).not.toBeDisabled(),
    );
    await pick(dialog, m.assistantModel, '写作模型');
    await userEvent.click(within(dialog).getByRole('button', { name: m.save }));
    await waitFor(() => expect(body().queryByRole('dialog', { name: m.title })).toBeNull());
    await waitFor(async () => expect(await body().findByText(m.saved)).toBeVisible());
    await expect(save).toHaveBeenCalledWith({
      fontFamily: 'fangsong',
      fontSizePx: 21.33,
      view: 'continuous',
      autosave: false,
      spellcheck: false,
      assistantModel: 'writer',
    });
    // The open document follows: one long sheet, no more pages.
    await waitFor(() =>
      expect(canvasElement.querySelector('[data-wx-paper]')).not.toHaveAttribute('data-wx-page-view'),
    );

    // Autosave off: an edit waits, and the status says how to save it.
    const editor = paper(canvasElement);
    await userEvent.click(editor);
    await userEvent.keyboard('手动保存');
    await waitFor(() =>
      expect(canvasElement.querySelector('[data-save-status]')).toHaveTextContent(m.unsavedManual),
    );
    // Longer than the autosave pause: still nothing saved.
    // Several autosave pauses (50 ms here) go by: nothing is saved. (Only time can show a save that does
    // not happen.)
    await new Promise((resolve) => setTimeout(resolve, 400));
    await expect(onSave).not.toHaveBeenCalled();
    await userEvent.keyboard('{Control>}s{/Control}');
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    await waitFor(() =>
      expect(canvasElement.querySelector('[data-save-status]')).toHaveTextContent(t.storage.saved),
    );
  },
};

/** Offline: 保存 fails, the dialog says so and keeps every choice, and a second try succeeds. */
export const SaveFails: Story = {
  // The editor's own screenshots cover it; the dialog has its own below.
  tags: ['!vrt'],
  args: { save: fn(async () => Promise.reject(new Error('offline'))) },
  play: async ({ canvasElement, args }) => {
    const dialog = await openPreferences(canvasElement);
    await pick(dialog, m.fontFamily, '楷体');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: m.spellcheck }));
    await userEvent.click(within(dialog).getByRole('button', { name: m.save }));
    await expect(await within(dialog).findByRole('alert')).toHaveTextContent(m.saveFailed);
    // Still open, with the choices made.
    await expect(within(dialog).getByRole('button', { name: new RegExp(m.fontFamily) })).toHaveTextContent(
      '楷体',
    );
    await expect(within(dialog).getByRole('checkbox', { name: m.spellcheck })).toBeChecked();
    // Back online: the same choices go through.
    (args.save as ReturnType<typeof fn>).mockImplementation(async () => {});
    await userEvent.click(within(dialog).getByRole('button', { name: m.save }));
    await waitFor(() => expect(body().queryByRole('dialog', { name: m.title })).toBeNull());
    await waitFor(() => expect(paper(canvasElement)).toHaveAttribute('spellcheck', 'true'));
  },
};

/** A new document under saved preferences: its body is in the user's font and size; keyboard only. */
export const NewDocumentUsesDefaults: Story = {
  // The editor's own screenshots cover it; the dialog has its own below.
  tags: ['!vrt'],
  args: {
    initial: { ...DEFAULT_EDITOR_PREFERENCES, fontFamily: 'fangsong', fontSizePx: 21.33, spellcheck: true },
  },
  play: async ({ canvasElement }) => {
    const editor = paper(canvasElement);
    await expect(editor).toHaveAttribute('spellcheck', 'true');
    await userEvent.click(editor);
    await userEvent.keyboard('正文');
    await waitFor(() => expect(editor.querySelector('p')).toHaveTextContent('正文'));
    const paragraph = editor.querySelector('p') as HTMLElement;
    await expect(getComputedStyle(paragraph).fontFamily).toContain('FangSong');
    await expect(getComputedStyle(paragraph).fontSize).toBe('21.33px');
    // The dialog opens from the keyboard too, and Escape closes it without saving.
    const dialog = await openPreferences(canvasElement);
    await expect(within(dialog).getByRole('button', { name: new RegExp(m.fontFamily) })).toHaveTextContent(
      '仿宋',
    );
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(body().queryByRole('dialog', { name: m.title })).toBeNull());
  },
};

/**
 * The dialog alone, as saved preferences open it: every field labelled, in groups; the keyboard reaches and
 * changes them (Space toggles a checkbox), and Escape leaves without saving.
 */
export const Dialog: Story = {
  render: (args) => (
    <PreferencesDialog
      isOpen
      onOpenChange={() => {}}
      host={{
        preferences: {
          fontFamily: 'kaiti',
          fontSizePx: 14,
          view: 'continuous',
          autosave: false,
          spellcheck: true,
          assistantModel: 'writer',
        },
        save: args.save,
        loadModels: async () => MODELS,
      }}
    />
  ),
  play: async () => {
    const dialog = await body().findByRole('dialog', { name: m.title });
    await waitFor(() => expect(within(dialog).getByRole('group', { name: m.newDocuments })).toBeVisible());
    await expect(within(dialog).getByRole('button', { name: new RegExp(m.fontFamily) })).toHaveTextContent(
      '楷体',
    );
    await expect(within(dialog).getByRole('button', { name: new RegExp(m.fontSize) })).toHaveTextContent(
      '五号',
    );
    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: new RegExp(m.assistantModel) })).toHaveTextContent(
        '写作模型',
      ),
    );
    const autosave = within(dialog).getByRole('checkbox', { name: m.autosave });
    await expect(autosave).not.toBeChecked();
    await expect(autosave).toHaveAccessibleDescription(m.autosaveHint);
    autosave.focus();
    await userEvent.keyboard(' ');
    await expect(autosave).toBeChecked();
    await expect(within(dialog).getByRole('checkbox', { name: m.spellcheck })).toBeChecked();
  },
};
