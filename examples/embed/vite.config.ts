import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// A plain Vite app: the packages ship plain CSS, so no vanilla-extract plugin is needed here. Two pages:
// the editor and a chart (index.html), and the charts alone with ui's CSS in parts (charts.html).
export default defineConfig({
  plugins: [react()],
  build: { rolldownOptions: { input: { main: 'index.html', charts: 'charts.html' } } },
});
