// `npm run bench -- <name> [options]`: runs bench/<name>.mjs. Benchmarks print their figures.
import { existsSync } from 'node:fs'

const [name, ...args] = process.argv.slice(2)
const file = new URL(`./${name}.mjs`, import.meta.url)
if (!name || !/^[a-z-]+$/.test(name) || !existsSync(file)) {
  console.error('usage: npm run bench -- public [--no-build] [--requests N] [--why] [--strict]')
  console.error('       npm run bench -- keywords [--own N] [--others N] [--runs N] [--explain] [--strict]')
  console.error('       npm run bench -- load [--no-build] [--connections N] [--duration S] [--strict]')
  console.error('       npm run bench -- clustering [--sizes N,N] [--threshold T] [--baseline] [--input FILE.csv] [--strict]')
  console.error('       npm run bench -- research [--dataforseo-ms N] [--llm-ms N] [--embeddings-ms N] [--strict]')
  console.error('       npm run bench -- lighthouse [--no-build] [--runs N] [--save DIR] [--strict]')
  console.error('       npm run bench -- article [--llm-ms N] [--serp-ms N] [--page-ms N] [--strict]')
  process.exit(2)
}
const { run } = await import(file.href)
process.exitCode = await run(args)
