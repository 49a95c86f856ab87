import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { browserBundleGuard } from './build/browser-bundle-guard.ts';
import { initialJsBudget } from './build/initial-js-budget.ts';
import { precompress } from './build/precompress.ts';
import { preloadFont } from './build/preload-font.ts';

const webRoot = fileURLToPath(new URL('.', import.meta.url));
const apiTarget = process.env.API_PROXY_TARGET ?? 'http://localhost:5001';
const proxied = { target: apiTarget, changeOrigin: false };

export default defineConfig({
  // Pinned so `vite build` and vitest behave the same whatever the working directory.
  root: webRoot,
  plugins: [
    react(),
    tailwindcss(),
    // These shape and guard what the browser downloads; the server bundle (dist-ssr/) is never sent.
    ...[browserBundleGuard(), initialJsBudget(), preloadFont(), precompress()].map((plugin) => ({
      ...plugin,
      applyToEnvironment: (environment: { name: string }) => environment.name === 'client',
    })),
  ],
  // `vite build` builds the browser app into dist/ and the server renderer of the public pages
  // into dist-ssr/, which the API imports (docs/decisions/036).
  builder: {},
  environments: {
    client: {
      build: {
        rolldownOptions: {
          output: {
            // React and its DOM renderer in a chunk of their own, whatever lazy chunk also reaches
            // them: left to itself the bundler splits React into pieces as lazy chunks reach it by
            // other paths (a form's rules through react-hook-form), each one more request on the
            // first load. They also change less often than the app, so a deploy leaves them cached.
            codeSplitting: {
              groups: [{ name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/ }],
            },
          },
        },
      },
    },
    ssr: {
      build: {
        outDir: 'dist-ssr',
        emptyOutDir: true,
        copyPublicDir: false,
        rollupOptions: {
          input: { 'entry-server': fileURLToPath(new URL('./src/app/entry-server.tsx', import.meta.url)) },
        },
      },
    },
  },
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    port: Number(process.env.PORT ?? 5000),
    strictPort: true,
    proxy: {
      '/api': proxied,
      '/healthz': proxied,
      '/readyz': proxied,
    },
  },
});
