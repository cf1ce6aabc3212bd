/**
 * Types for @tryghost/admin-api-schema, the JSON schemas Ghost's Admin API validates request
 * bodies with (it ships none). `validate` removes properties the schema does not list, as Ghost
 * does, and rejects with Ghost's ValidationError.
 */
declare module '@tryghost/admin-api-schema' {
  export interface GhostSchemaError extends Error {
    errorType: 'ValidationError'
    statusCode: 422
    /** "Validation failed for title." */
    message: string
    property: string | null
    context?: string
    errorDetails: Array<{ instancePath: string; keyword: string; message?: string; params: Record<string, unknown> }>
  }

  const adminApiSchema: {
    /** Names such as "posts-add", "posts-edit", "images-upload". */
    list(): string[]
    get(name: string): Record<string, unknown> | null
    validate(options: { data: unknown; schema: string; definition?: string }): Promise<void>
  }
  export default adminApiSchema
}
