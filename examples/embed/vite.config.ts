import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// A plain Vite app: the packages ship plain CSS, so no vanilla-extract plugin is needed here.
export default defineConfig({ plugins: [react()] });
