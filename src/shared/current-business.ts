/**
 * Which of a user's businesses the app works on: the selected one, else the oldest (the first of
 * the list, which is sorted oldest first). A selection that names none of the user's businesses
 * gives undefined: the server answers that as FORBIDDEN instead of silently picking another one.
 * The one statement of the rule: the server applies it, and `business.list` marks the result.
 */
export function pickCurrentBusiness<T extends { id: string }>(
  oldestFirst: readonly T[],
  selectedId: string | null | undefined,
): T | undefined {
  if (selectedId) return oldestFirst.find((business) => business.id === selectedId)
  return oldestFirst[0]
}
