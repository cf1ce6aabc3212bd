#!/usr/bin/env node
/**
 * Writes tests/fixtures/vendor/shopify/admin-<version>.json: Shopify's published Admin GraphQL
 * schema (an introspection result) trimmed to what the Shopify connector uses
 * (src/server/publishing/connectors/shopify/shopify.ts), for the schema test beside it. See
 * tests/fixtures/vendor/shopify/README.md for where the full schema comes from.
 *
 * Trimming keeps Shopify's definitions as they are and only leaves things out: the root fields
 * and object fields listed in KEEP (a document selecting anything else fails validation, which is
 * the point: add the field here and regenerate), every input type, enum and scalar those fields
 * reach (whole, so the variables we send are checked field by field), and the interfaces in KEEP
 * with only the kept types among their implementations.
 *
 *   node scripts/shopify-admin-schema.mjs <admin_VERSION.json.gz or .json> [VERSION]
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { gunzipSync } from 'node:zlib'
import { buildClientSchema, getIntrospectionQuery, graphqlSync } from 'graphql'

/** Object and interface types we read, with the fields we select (or may select) on each. */
const KEEP = {
  QueryRoot: ['shop', 'blog', 'articles', 'node'],
  Mutation: ['articleCreate', 'articleUpdate', 'stagedUploadsCreate', 'fileCreate'],
  Shop: ['name', 'primaryDomain'],
  Domain: ['url', 'host'],
  Blog: ['id', 'title', 'handle'],
  ArticleConnection: ['nodes'],
  Article: ['id', 'handle', 'title', 'blog', 'body', 'summary', 'tags', 'isPublished', 'publishedAt', 'image', 'author'],
  ArticleAuthor: ['name'],
  ArticleCreatePayload: ['article', 'userErrors'],
  ArticleUpdatePayload: ['article', 'userErrors'],
  ArticleCreateUserError: ['field', 'message', 'code'],
  ArticleUpdateUserError: ['field', 'message', 'code'],
  StagedUploadsCreatePayload: ['stagedTargets', 'userErrors'],
  StagedMediaUploadTarget: ['url', 'resourceUrl', 'parameters'],
  StagedUploadParameter: ['name', 'value'],
  UserError: ['field', 'message'],
  FileCreatePayload: ['files', 'userErrors'],
  FilesUserError: ['field', 'message', 'code'],
  FileError: ['code', 'message', 'details'],
  MediaImage: ['id', 'alt', 'fileStatus', 'fileErrors', 'image', 'mimeType'],
  Image: ['url', 'width', 'height', 'altText'],
  Node: ['id'],
  File: ['id', 'alt', 'fileStatus', 'fileErrors'],
}

const [source, version = /admin_([\w-]+)\.json/.exec(source ?? '')?.[1]] = process.argv.slice(2)
if (!source || !version) {
  console.error('usage: node scripts/shopify-admin-schema.mjs <admin_VERSION.json.gz> [VERSION]')
  process.exit(2)
}
const raw = readFileSync(source)
const introspection = JSON.parse((source.endsWith('.gz') ? gunzipSync(raw) : raw).toString('utf8'))
const full = introspection.data?.__schema ?? introspection.__schema
const byName = new Map(full.types.map((type) => [type.name, type]))

/** The named type under NON_NULL and LIST wrappers. */
const named = (ref) => (ref.ofType ? named(ref.ofType) : ref.name)

// A kept type implementing a kept interface keeps the interface's fields too (GraphQL requires them).
for (const name of Object.keys(KEEP)) {
  for (const ref of byName.get(name)?.interfaces ?? []) {
    if (KEEP[ref.name]) KEEP[name] = [...new Set([...KEEP[name], ...KEEP[ref.name]])]
  }
}

const kept = new Set(Object.keys(KEEP))
const queue = [...kept]
const reach = (name) => {
  if (kept.has(name)) return
  const type = byName.get(name)
  if (!type) throw new Error(`${name} is not in the schema`)
  if (type.kind === 'OBJECT' || type.kind === 'INTERFACE' || type.kind === 'UNION')
    throw new Error(`${name} (${type.kind}) is reached but not listed in KEEP`)
  kept.add(name)
  queue.push(name)
}
while (queue.length > 0) {
  const type = byName.get(queue.pop())
  if (!type) throw new Error('a type listed in KEEP is not in the schema')
  if (KEEP[type.name]) {
    for (const field of KEEP[type.name]) {
      const definition = type.fields?.find((candidate) => candidate.name === field)
      if (!definition) throw new Error(`${type.name}.${field} is not in the schema`)
      reach(named(definition.type))
      for (const arg of definition.args) reach(named(arg.type))
    }
  }
  for (const input of type.inputFields ?? []) reach(named(input.type))
}
for (const name of ['String', 'Boolean', 'ID', 'Int', 'Float']) if (byName.has(name)) kept.add(name)

const types = full.types
  .filter((type) => kept.has(type.name))
  .map((type) => {
    if (!KEEP[type.name]) return type
    return {
      ...type,
      fields: type.fields.filter((field) => KEEP[type.name].includes(field.name)),
      interfaces: type.interfaces?.filter((ref) => kept.has(ref.name)) ?? null,
      possibleTypes: type.possibleTypes?.filter((ref) => kept.has(ref.name)) ?? null,
    }
  })
// Directives Shopify declares whose arguments all stay: the built-in ones and those of kept types.
const directives = full.directives.filter((directive) => directive.args.every((arg) => kept.has(named(arg.type))))
const trimmed = { __schema: { ...full, subscriptionType: null, types, directives } }

// The result must be a valid schema that introspects to itself.
const schema = buildClientSchema(trimmed)
const check = graphqlSync({ schema, source: getIntrospectionQuery() })
if (check.errors) throw new Error(check.errors.map((error) => error.message).join('; '))

const target = new URL(`../tests/fixtures/vendor/shopify/admin-${version}.json`, import.meta.url)
writeFileSync(target, `${JSON.stringify(trimmed, null, 1)}\n`)
console.log(`${target.pathname}: ${types.length} of ${full.types.length} types`)
