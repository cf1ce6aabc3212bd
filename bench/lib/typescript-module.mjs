import { createServer } from 'vite'

/**
 * Runs `use` with a TypeScript module of the app loaded through Vite's SSR loader, so the module's
 * `~/` imports and TypeScript work without a build; closes the loader afterwards.
 */
export async function withTypeScriptModule(path, use) {
  const vite = await createServer({
    configFile: false,
    root: new URL('../..', import.meta.url).pathname,
    logLevel: 'error',
    appType: 'custom',
    resolve: { tsconfigPaths: true },
    server: { middlewareMode: true, hmr: false, ws: false, watch: null },
    optimizeDeps: { noDiscovery: true, include: [] },
  })
  try {
    return await use(await vite.ssrLoadModule(path))
  } finally {
    await vite.close()
  }
}
