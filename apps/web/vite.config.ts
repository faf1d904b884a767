import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';

// Only the web build lives here; Vitest has its own config at the root (DESIGN §8).
export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
});
