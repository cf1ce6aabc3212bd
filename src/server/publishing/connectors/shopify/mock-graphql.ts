/** Just enough GraphQL for the stand-in: a document's selections, and an answer cut to them. */

/** A document's selections as a tree of field names (arguments, variables and strings skipped). */
export interface Selection {
  [field: string]: Selection
}

export function parseSelection(document: string): Selection {
  const tokens = document.replace(/"(?:[^"\\]|\\.)*"/g, '""').match(/\.\.\.|[A-Za-z_][A-Za-z0-9_]*|[{}()]/g) ?? []
  const root: Selection = {}
  const stack: Selection[] = []
  let current: Selection | undefined
  let last: string | undefined
  let depthInArguments = 0
  // An inline fragment (`... on MediaImage { … }`): its fields are the enclosing selection's.
  let fragment = 0
  for (const token of tokens) {
    if (token === '(') depthInArguments++
    else if (token === ')') depthInArguments--
    else if (depthInArguments > 0) continue
    else if (token === '...') fragment = 3
    else if (fragment > 1 && token !== '{') fragment--
    else if (fragment === 1 && token === '{') {
      // `... on Type {`: the fragment's braces open no new field.
      fragment = 0
      stack.push(current!)
      last = undefined
    } else if (token === '{') {
      const parent = current
      current = parent && last ? (parent[last] ??= {}) : root
      if (parent) stack.push(parent)
      last = undefined
    } else if (token === '}') {
      current = stack.pop()
      last = undefined
    } else if (current) {
      current[token] ??= {}
      last = token
    }
  }
  return root
}

/** The value as GraphQL answers it: only the selected fields, recursively. */
export function project(value: unknown, selection: Selection): unknown {
  if (Array.isArray(value)) return value.map((entry) => project(entry, selection))
  if (value === null || typeof value !== 'object' || Object.keys(selection).length === 0) return value
  const source = value as Record<string, unknown>
  return Object.fromEntries(Object.entries(selection).map(([key, sub]) => [key, project(source[key] ?? null, sub)]))
}
