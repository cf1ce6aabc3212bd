/** JSON-LD for a script data block: `<` escaped, so no text in it can close the element. */
export function jsonLdText(graphs: Record<string, unknown>[]): string {
  return JSON.stringify(graphs.length === 1 ? graphs[0] : graphs).replace(/</g, '\\u003c')
}
