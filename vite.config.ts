import tailwindcss from '@tailwindcss/vite'
import { tanstackStart } from '@tanstack/react-start/plugin/vite'
import viteReact from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

export default defineConfig({
  server: { port: Number(process.env.PORT || 3000) },
  resolve: { tsconfigPaths: true },
  // The dev server's dependency scan reads server modules too (their imports are only stripped from
  // the browser's code when it is compiled); linkedom (server-side HTML) and resvg (a native
  // rasteriser) do not pre-bundle for the browser, and the browser never asks for them.
  optimizeDeps: { exclude: ['linkedom', '@resvg/resvg-js'] },
  environments: {
    client: {
      build: {
        rolldownOptions: {
          output: {
            codeSplitting: {
              // Everything the entry imports statically is one file, not a dozen of tiny ones: every
              // page loads them all before it runs, and each file is a request of its own.
              groups: [{ name: 'app', tags: ['$initial'] }],
            },
          },
        },
      },
    },
  },
  plugins: [
    tailwindcss(),
    tanstackStart({
      router: {
        // Loaders too get their own chunks (the default splits components only): a route's
        // loader imports (app queries, RPC client) then stay out of the entry every page loads.
        codeSplittingOptions: {
          defaultBehavior: [['loader'], ['component'], ['pendingComponent'], ['errorComponent'], ['notFoundComponent']],
        },
      },
      importProtection: {
        // Server code must never reach the browser bundle.
        client: { files: ['**/src/server/**'] },
      },
    }),
    viteReact(),
  ],
})
