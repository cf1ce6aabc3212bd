import { readFileSync } from 'node:fs'
import {
  buildClientSchema,
  execute,
  getOperationAST,
  parse,
  validate,
  type IntrospectionQuery,
  type OperationDefinitionNode,
  type VariableDefinitionNode,
} from 'graphql'
import { getVariableValues } from 'graphql/execution/values'
import { afterEach, describe, expect, it } from 'vitest'
import { shopifyHandlers, shopifyMock } from './mock'
import { connectorContext, illustratedArticle } from '~tests/fixtures/publishing-connector'
import { useMockServer } from '~tests/fixtures/mock-server'
import { CONNECTORS } from '~/shared/integrations'
import { createShopifyConnector, SHOPIFY_ACCESS_SCOPES, SHOPIFY_API_VERSION, SHOPIFY_DOCUMENTS } from './shopify'

// Our GraphQL against Shopify's own published Admin schema for the version we pin
// (tests/fixtures/vendor/shopify/README.md): every document the connector sends validates, the
// variables a real publish sends coerce to the schema's input types, and the mock's answers have
// the schema's shapes.

const schemaFile = new URL(`../../../../../tests/fixtures/vendor/shopify/admin-${SHOPIFY_API_VERSION}.json`, import.meta.url)
const schema = buildClientSchema(JSON.parse(readFileSync(schemaFile, 'utf8')) as IntrospectionQuery)

const shopDomain = 'outdoor-shop.myshopify.com'
useMockServer(...shopifyHandlers({ baseUrl: `https://${shopDomain}`, accessToken: 'shpat_demo' }))
afterEach(() => shopifyMock.reset())

const operationOf = (document: string) => getOperationAST(parse(document)) as OperationDefinitionNode

/** The variables as Shopify coerces them before running the operation: the errors it would answer. */
function coercionErrors(document: string, variables: Record<string, unknown>) {
  const definitions = (operationOf(document).variableDefinitions ?? []) as readonly VariableDefinitionNode[]
  const coerced = getVariableValues(schema, definitions, variables)
  return coerced.errors?.map((error) => error.message) ?? []
}

/** Every GraphQL exchange of a connector call: the request as sent and the answer as read. */
function recordingContext() {
  const { context } = connectorContext<'shopify'>(
    'Shopify',
    { shopDomain, blogId: '1001', authorName: 'Jane Trail' },
    { accessToken: 'shpat_demo' },
  )
  const exchanges: Array<{ query: string; variables: Record<string, unknown>; data: unknown }> = []
  const send = context.fetch
  context.fetch = async (input, init) => {
    const response = await send(input, init)
    if (String(input).endsWith('/graphql.json') && typeof init?.body === 'string') {
      const request = JSON.parse(init.body) as { query: string; variables: Record<string, unknown> }
      const answer = (await response.clone().json()) as { data: unknown }
      exchanges.push({ ...request, data: answer.data })
    }
    return response
  }
  return { context, exchanges }
}

const connector = createShopifyConnector({ fileWait: { delaysMs: [1, 1, 1], sleep: async () => {} } })

describe('Shopify Admin schema', () => {
  it('is the version the connector pins', () => {
    expect(schema.getQueryType()?.name).toBe('QueryRoot')
    expect(schemaFile.pathname).toContain(`admin-${SHOPIFY_API_VERSION}.json`)
  })

  it.each(Object.entries(SHOPIFY_DOCUMENTS))('validates the %s document', (_name, document) => {
    expect(validate(schema, parse(document)).map((error) => error.message)).toEqual([])
  })

  it('the access scopes we ask for (and the form names) cover what each of our operations requires', () => {
    const introspection = JSON.parse(readFileSync(schemaFile, 'utf8')) as {
      __schema: { types: Array<{ name: string; fields: Array<{ name: string; requiredAccess?: string | null }> | null }> }
    }
    const roots = new Map(
      introspection.__schema.types
        .filter((type) => type.name === 'QueryRoot' || type.name === 'Mutation')
        .flatMap((type) =>
          (type.fields ?? []).map((field) => [`${type.name}.${field.name}` as string, field.requiredAccess ?? null] as const),
        ),
    )
    const used = Object.values(SHOPIFY_DOCUMENTS).flatMap((document) => {
      const operation = operationOf(document)
      const root = operation.operation === 'mutation' ? 'Mutation' : 'QueryRoot'
      return operation.selectionSet.selections.flatMap((selection) =>
        selection.kind === 'Field' ? [`${root}.${selection.name.value}`] : [],
      )
    })
    for (const field of used) {
      const required = roots.get(field)
      expect(required, field).not.toBeUndefined()
      // "Any of `a`, `b` access scopes." / "`a` access scope, `b` access scope or `c` access scope.": one of them is enough.
      const scopes = [...(required ?? '').matchAll(/`(\w+)`/g)].map((match) => match[1])
      if (scopes.length > 0)
        expect(
          scopes.some((scope) => (SHOPIFY_ACCESS_SCOPES as readonly string[]).includes(scope!)),
          `${field}: ${required}`,
        ).toBe(true)
    }
    expect(used).toEqual(expect.arrayContaining(['Mutation.articleCreate', 'Mutation.fileCreate']))
    const help = CONNECTORS.shopify.fields.find((field) => field.name === 'accessToken')?.help ?? ''
    for (const scope of SHOPIFY_ACCESS_SCOPES) expect(help).toContain(scope)
  })

  it('catches what Shopify would refuse: a field the API does not have, an input field or enum value it does not take', () => {
    // ArticleCreateInput has no `seo` input in this version: the SEO title and description go as the global metafields.
    const seo = `mutation { articleCreate(article: { title: "T", author: { name: "A" }, seo: { title: "T" } }) { article { id } } }`
    expect(validate(schema, parse(seo)).map((error) => error.message)).toEqual(['Field "seo" is not defined by type "ArticleCreateInput".'])
    expect(validate(schema, parse('query { node(id: "x") { ... on MediaImage { src } } }'))).toHaveLength(1)
    expect(coercionErrors(SHOPIFY_DOCUMENTS.STAGE, { input: [{ resource: 'PICTURE', filename: 'a.png', mimeType: 'image/png' }] })).toEqual(
      [expect.stringContaining('Value "PICTURE" does not exist in "StagedUploadTargetGenerateUploadResource" enum.')],
    )
    expect(coercionErrors(SHOPIFY_DOCUMENTS.CREATE, { article: { title: 'T' } })).toEqual([
      expect.stringContaining('Field "author" of required type "AuthorInput!" was not provided.'),
    ])
  })

  it('a publish, an update and a take-down send variables Shopify’s input types accept, and the mock answers in the schema’s shapes', async () => {
    const { context, exchanges } = recordingContext()
    const article = illustratedArticle()
    await connector.test(context)
    expect(await connector.find(context, article)).toBeNull()
    const created = await connector.create(context, article)
    await connector.update(context, created.externalId, article)
    shopifyMock.removeFile(shopifyMock.files[1]!.id)
    await connector.update(context, created.externalId, article)
    await connector.unpublish(context, created.externalId, article)

    const operations = exchanges.map((exchange) => operationOf(exchange.query).name?.value)
    expect(new Set(operations)).toEqual(
      new Set(['Storefront', 'FindArticle', 'StageImage', 'CreateFile', 'File', 'CreateArticle', 'UpdateArticle']),
    )
    const sent = (name: string) => exchanges.filter((_, index) => operations[index] === name)
    // The upload: IMAGE resource, POST target, the file's size and type; the file made from the staged resourceUrl.
    expect(sent('StageImage')[0]!.variables).toEqual({
      input: [
        {
          resource: 'IMAGE',
          httpMethod: 'POST',
          filename: 'trail-shoes-featured.png',
          mimeType: 'image/png',
          fileSize: String(article.images[0]!.bytes.byteLength),
        },
      ],
    })
    expect(sent('CreateFile')[0]!.variables).toEqual({
      files: [
        {
          originalSource: expect.stringMatching(
            /^https:\/\/shopify-staged-uploads\.storage\.googleapis\.com\/tmp\/.+\/trail-shoes-featured\.png$/,
          ),
          alt: 'Trail shoes on a rock',
          contentType: 'IMAGE',
        },
      ],
    })
    expect(sent('CreateArticle')[0]!.variables).toMatchObject({
      article: {
        blogId: 'gid://shopify/Blog/1001',
        author: { name: 'Jane Trail' },
        image: { url: expect.stringMatching(/^https:\/\/cdn\.shopify\.com\//) },
      },
    })

    for (const { query, variables, data } of exchanges) {
      const name = operationOf(query).name?.value
      expect(coercionErrors(query, variables), `${name} variables`).toEqual([])
      // The mock's answer run through the schema: a wrong type, enum value or missing non-null field would fail here.
      // Files and nodes are the one kind we read, MediaImage (the answer carries no __typename it was not asked for).
      const result = await execute({
        schema,
        document: parse(query),
        rootValue: data,
        variableValues: variables,
        typeResolver: () => 'MediaImage',
      })
      expect(result.errors?.map((error) => error.message) ?? [], `${name} answer`).toEqual([])
      expect(result.data, `${name} answer`).toEqual(data)
    }
  })
})
