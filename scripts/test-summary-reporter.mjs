// A Vitest reporter (added next to the default one in vitest.config.ts) that ends the run with
// one line per project: files, tests passed/failed/skipped and time, so a CI log shows at a
// glance that every suite (unit, pglite, postgres, browser) ran.

const pad = (value, width) => String(value).padEnd(width)

export default class ProjectSummaryReporter {
  onTestRunEnd(testModules) {
    const projects = new Map()
    for (const testModule of testModules) {
      const name = testModule.project.name || '(default)'
      const row = projects.get(name) ?? { files: 0, brokenFiles: 0, passed: 0, failed: 0, skipped: 0, ms: 0 }
      row.files += 1
      row.ms += testModule.diagnostic().duration
      let tests = 0
      for (const test of testModule.children.allTests()) {
        tests += 1
        const state = test.result().state
        if (state === 'passed') row.passed += 1
        else if (state === 'failed') row.failed += 1
        else row.skipped += 1
      }
      // A file that failed to load has no tests but must not look green.
      if (testModule.state() === 'failed' && tests === 0) row.brokenFiles += 1
      projects.set(name, row)
    }
    if (projects.size === 0) return
    const lines = [...projects].map(([name, row]) => {
      const broken = row.brokenFiles ? `, ${row.brokenFiles} file(s) failed to run` : ''
      const verdict = row.failed || row.brokenFiles ? 'FAIL' : 'ok  '
      return `  ${verdict} ${pad(name, 9)} ${pad(`${row.files} files`, 9)} ${pad(`${row.passed} passed`, 11)} ${pad(`${row.failed} failed`, 9)} ${pad(`${row.skipped} skipped`, 10)} ${(row.ms / 1000).toFixed(1)} s in tests${broken}`
    })
    console.log(`\nTests per project:\n${lines.join('\n')}\n`)
  }
}
