import fs from 'node:fs'
import { proofread } from './src/server/articles/proofread'
const files = process.argv.slice(2)
let words = 0; const fixes: string[] = []; const unknown = new Map<string, number>()
let t = performance.now()
for (const f of files) {
  const text = fs.readFileSync(f, 'utf8'); words += text.split(/\s+/).length
  // A paragraph at a time, so every unknown word is seen (the list per call is capped).
  for (const para of text.split(/\n{2,}/)) {
    const r = proofread(para, 'English')
    for (const x of r.fixes) if (x.rule === 'spelling') fixes.push(`${x.before}→${x.after}`)
    for (const u of r.unknownWords) unknown.set(u, (unknown.get(u) ?? 0) + 1)
  }
}
console.log('files', files.length, 'words', words, 'ms', Math.round(performance.now() - t))
console.log('spelling fixes', fixes.length, fixes)
console.log('unknown distinct', unknown.size, [...unknown.keys()].slice(0, 80).join(' '))
