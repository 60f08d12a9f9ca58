import { createHash } from 'node:crypto';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/**
 * Libraries every route needs go to long-cached vendor chunks. MUI is left to automatic splitting on
 * purpose: one MUI chunk would make /login download the dashboard's components too.
 */
const vendorGroups: { name: string; test: RegExp }[] = [
  { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
  { name: 'data', test: /node_modules[\\/]@tanstack[\\/]/ },
];

/**
 * Builds src/pwa/sw.ts to /sw.js (a fixed name: a service worker's URL must not change between builds)
 * and writes into it the app shell to cache at install — the entry's scripts and styles and everything
 * they import statically — and a build id naming the cache, so a new build replaces the old cache.
 */
function serviceWorker(): Plugin {
  return {
    name: 'healthfolio-service-worker',
    apply: 'build',
    buildStart() {
      this.emitFile({
        type: 'chunk',
        id: path.resolve(import.meta.dirname, 'src/pwa/sw.ts'),
        fileName: 'sw.js',
      });
    },
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((item) => item.type === 'chunk');
      const sw = chunks.find((chunk) => chunk.fileName === 'sw.js');
      const entry = chunks.find((chunk) => chunk.isEntry && chunk.fileName !== 'sw.js');
      if (!sw || !entry) throw new Error('service worker: the entry or sw.js chunk is missing');
      const shell = new Set<string>();
      const visit = (fileName: string) => {
        const chunk = bundle[fileName];
        if (!chunk || chunk.type !== 'chunk' || shell.has(`/${fileName}`)) return;
        shell.add(`/${fileName}`);
        for (const css of chunk.viteMetadata?.importedCss ?? []) shell.add(`/${css}`);
        chunk.imports.forEach(visit);
      };
      visit(entry.fileName);
      const list = [...shell].sort();
      const id = createHash('sha256').update(list.join('\n')).digest('hex').slice(0, 12);
      const before = sw.code;
      sw.code = sw.code
        .replace(/(["'`])__HF_SHELL__\1/, JSON.stringify(JSON.stringify(list)))
        .replace(/__HF_BUILD__/, id);
      if (sw.code === before || sw.code.includes('__HF_'))
        throw new Error('service worker: placeholders not found');
    },
  };
}

export default defineConfig({
  plugins: [react(), serviceWorker()],
  server: {
    proxy: {
      '/api': { target: 'http://127.0.0.1:8080', changeOrigin: false },
    },
  },
  preview: {
    proxy: {
      '/api': { target: 'http://127.0.0.1:8080', changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    sourcemap: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: vendorGroups,
        },
      },
    },
  },
});
