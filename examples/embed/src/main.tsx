import '@wanxiang/ui/styles.css';
import '@wanxiang/charts/styles.css';
import { DailyEmotionChart } from '@wanxiang/charts';
import type { WordEditorHandle } from '@wanxiang/editor';
import { ToastRegion, UiProvider } from '@wanxiang/ui';
import { lazy, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';

// The editor (Lexical and its chrome) loads only when it is shown: a page with the charts alone never
// downloads it.
const NotesEditor = lazy(() => import('./NotesEditor'));

/** What the test reads: every save, and the editor's handle. */
const probe: { saves: string[]; editor: WordEditorHandle | null } = { saves: [], editor: null };
(window as unknown as { embed: typeof probe }).embed = probe;

const days = ['2026-11-16', '2026-11-17', '2026-11-18', '2026-11-19', '2026-11-20'];
const daily = days.map((date, i) => ({ date, value: 40 + i * 5 }));

function App() {
  return (
    <UiProvider>
      <main>
        <h1>别的团队的应用</h1>
        <p>图表与编辑器来自打包好的 @wanxiang 软件包。</p>
        <DailyEmotionChart data={daily} status="ready" />
        {/* The editor in a dark part of this light page: its menus and dialogs, portalled to <body>, are dark too. */}
        <div className="editor-box" data-theme="dark">
          <Suspense fallback={<p>正在加载编辑器…</p>}>
            <NotesEditor
              markdown={'# 会议纪要\n\n讨论了**发布**计划。'}
              onSave={async (markdown) => {
                probe.saves.push(markdown);
              }}
              ref={(handle) => {
                probe.editor = handle;
              }}
            />
          </Suspense>
        </div>
      </main>
      <ToastRegion />
    </UiProvider>
  );
}

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
