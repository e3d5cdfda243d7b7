// A page with the charts only: the theme's tokens and the parts of @wanxiang/ui the charts show (their
// loading Spinner, their error Alert and its buttons), in the order ui's README gives, not all of ui's CSS.
import '@wanxiang/ui/tokens.css';
import '@wanxiang/ui/css/utilities.css';
import '@wanxiang/ui/css/spinner.css';
import '@wanxiang/ui/css/button.css';
import '@wanxiang/ui/css/icon-button.css';
import '@wanxiang/ui/css/tone-icon.css';
import '@wanxiang/ui/css/alert.css';
import '@wanxiang/charts/styles.css';
import { DailyEmotionChart } from '@wanxiang/charts';
import { UiProvider } from '@wanxiang/ui';
import { StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';

const days = ['2026-11-16', '2026-11-17', '2026-11-18', '2026-11-19', '2026-11-20'];
const daily = days.map((date, i) => ({ date, value: 40 + i * 5 }));

function App() {
  const [retries, setRetries] = useState(0);
  return (
    <UiProvider>
      <main>
        <h1>只用图表的应用</h1>
        <DailyEmotionChart data={daily} status="ready" />
        {/* A dark part of the light page: the theme gives its colours, the host its own box. */}
        <div
          data-theme="dark"
          style={{ background: 'var(--wx-color-bg-canvas)', padding: 16, borderRadius: 8 }}
        >
          <DailyEmotionChart
            title={`情绪指标（重试 ${retries} 次）`}
            data={[]}
            status={{ error: '获取情绪指标数据失败，请稍后重试' }}
            onRetry={() => setRetries((n) => n + 1)}
          />
        </div>
      </main>
    </UiProvider>
  );
}

const root = document.getElementById('root');
if (!root) throw new Error('charts.html has no #root');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
