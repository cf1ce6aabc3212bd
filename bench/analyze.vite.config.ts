import { mergeConfig } from 'vite'
import base from '../vite.config.ts'

/**
 * The production build with client source maps, written outside dist/ (BENCH_ANALYZE_OUT), for
 * `npm run bench -- public --why`: which packages and files make up a page's JavaScript.
 * Same chunking as the real build; only the output folder and the maps differ.
 */
const out = process.env.BENCH_ANALYZE_OUT
if (!out) throw new Error('BENCH_ANALYZE_OUT must name the output folder')

export default mergeConfig(base, {
  environments: {
    client: { build: { outDir: `${out}/client`, sourcemap: true, emptyOutDir: true } },
    ssr: { build: { outDir: `${out}/server`, emptyOutDir: true } },
  },
})
