import { APICallError, JSONParseError, NoObjectGeneratedError, NoOutputGeneratedError, RetryError, TypeValidationError } from 'ai'
import { failureFromResponse, malformed, ProviderError } from '../http'

/**
 * Turns whatever the AI SDK throws into a ProviderError a user can act on. Our provider fetch
 * already throws ProviderErrors for HTTP failures; the SDK passes them through or wraps them
 * (network errors come back as an APICallError whose cause is ours), so the cause chain is
 * searched first.
 */
export async function toLlmError(error: unknown, provider: string): Promise<unknown> {
  const own = findInCauses(error, (candidate): candidate is ProviderError => candidate instanceof ProviderError)
  if (own) return own

  if (RetryError.isInstance(error)) return toLlmError(error.lastError, provider)

  if (
    NoObjectGeneratedError.isInstance(error) ||
    NoOutputGeneratedError.isInstance(error) ||
    TypeValidationError.isInstance(error) ||
    JSONParseError.isInstance(error)
  ) {
    return new ProviderError({
      provider,
      kind: 'malformed',
      cause: error,
      message: `${provider}: the AI model returned text that did not match the expected structure (${structureDetail(error)}). Try again; if it keeps happening, choose a model that supports structured output in LLM_MODEL.`,
    })
  }

  if (APICallError.isInstance(error)) {
    if (error.statusCode !== undefined && error.statusCode >= 400) {
      // Only reached with a fetch that is not ours (e.g. an SDK-side failure): same wording.
      const response = new Response(error.responseBody ?? '', { status: error.statusCode })
      return failureFromResponse(response, { provider, credentialsHint: 'LLM_API_KEY' }, 1)
    }
    // A 2xx the SDK could not read: not JSON, or not a chat completion.
    return malformed(provider, /json/i.test(error.message) ? 'the body is not JSON' : error.message)
  }
  return error
}

function findInCauses<T>(error: unknown, match: (candidate: unknown) => candidate is T): T | undefined {
  const seen = new Set<unknown>()
  let current: unknown = error
  while (current && !seen.has(current)) {
    if (match(current)) return current
    seen.add(current)
    current = (current as { cause?: unknown }).cause
  }
  return undefined
}

function structureDetail(error: Error): string {
  const validation = findInCauses(error, (candidate): candidate is TypeValidationError => TypeValidationError.isInstance(candidate))
  const issues = (validation?.cause as { issues?: Array<{ path: PropertyKey[]; message: string }> } | undefined)?.issues
  const issue = issues?.[0]
  if (issue) return `${issue.path.map(String).join('.') || 'answer'}: ${issue.message}`
  if (findInCauses(error, (candidate): candidate is JSONParseError => JSONParseError.isInstance(candidate)))
    return 'the answer was not valid JSON'
  return 'no usable answer'
}
