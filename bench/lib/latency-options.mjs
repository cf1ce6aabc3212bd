// The options of the benchmarks that inject provider latency (article, research): one
// `--<name>-ms N` flag per provider, in milliseconds, and --strict (exit 1 when a target is missed).

/**
 * Reads `args` into `{ ...defaults, strict }`; `flags` maps each flag ("--llm-ms") to its option
 * ("llmMs"). An unknown option or a flag without a number of milliseconds stops with a message.
 */
export function parseLatencyOptions(args, defaults, flags) {
  const options = { ...defaults, strict: false }
  for (let index = 0; index < args.length; index++) {
    const arg = args[index]
    if (arg === '--strict') {
      options.strict = true
      continue
    }
    const option = flags[arg]
    if (!option) throw new Error(`unknown option ${arg}`)
    const parsed = Number(args[++index])
    if (!Number.isFinite(parsed) || parsed < 0) throw new Error(`${arg} needs a number of milliseconds`)
    options[option] = Math.round(parsed)
  }
  return options
}
