import { describe, expect, it } from 'vitest'
import { connectorServerErrors, initialValues, splitValues, validateConnector, validateEvents } from './connector-form-model'

describe('the connector form', () => {
  it('starts from the saved non-secret fields, secrets empty', () => {
    expect(initialValues('wordpress', { siteUrl: 'https://blog.example.com', username: 'ana', applicationPassword: 'x' })).toEqual({
      siteUrl: 'https://blog.example.com',
      username: 'ana',
      applicationPassword: '',
    })
    expect(initialValues('ghost')).toEqual({ apiUrl: '', adminApiKey: '' })
  })

  it('splits the values into config and secrets', () => {
    expect(splitValues('webhook', { url: 'https://example.com/hook', secret: 'whsec_abc' })).toEqual({
      config: { url: 'https://example.com/hook' },
      secrets: { secret: 'whsec_abc' },
    })
  })

  it('reports each field with the server’s messages', () => {
    expect(validateConnector('wordpress', { siteUrl: 'blog', username: '', applicationPassword: '' })).toEqual({
      siteUrl: 'Enter the site address as a full address starting with https://.',
      username: 'Enter the username.',
      applicationPassword: 'Enter the application password.',
    })
    expect(validateConnector('webhook', { url: 'https://example.com/hook', secret: 'nope' })).toEqual({
      secret: 'A signing secret starts with whsec_ followed by base64.',
    })
  })

  it('accepts valid values, an empty webhook secret, and an empty secret that is already saved', () => {
    expect(validateConnector('webhook', { url: 'https://example.com/hook', secret: '' })).toEqual({})
    const values = { siteUrl: 'https://blog.example.com', username: 'ana', applicationPassword: '' }
    expect(validateConnector('wordpress', values, { hasSaved: (name) => name === 'applicationPassword' })).toEqual({})
    expect(validateConnector('wordpress', values)).toEqual({ applicationPassword: 'Enter the application password.' })
  })

  it('reads the server’s field errors by field name', () => {
    const error = {
      data: {
        issues: [
          { message: 'Enter the API URL.', path: ['config', 'apiUrl'] },
          { message: 'Bad key.', path: ['secrets', 'adminApiKey'] },
          { message: 'Second message.', path: ['secrets', 'adminApiKey'] },
        ],
      },
    }
    expect(connectorServerErrors(error)).toEqual({ apiUrl: 'Enter the API URL.', adminApiKey: 'Bad key.' })
    expect(connectorServerErrors({ data: { issues: [{ message: 'Choose at least one event to send.', path: ['events'] }] } })).toEqual({
      events: 'Choose at least one event to send.',
    })
    expect(
      connectorServerErrors({
        data: {
          issues: [
            { message: 'The collection has no field “gone” for the tags.', path: ['fieldMap', 'tags'] },
            { message: 'Second for the tags.', path: ['fieldMap', 'tags'] },
          ],
        },
      }),
    ).toEqual({ 'fieldMap.tags': 'The collection has no field “gone” for the tags.' })
    expect(connectorServerErrors({ data: { issues: [{ message: 'x', path: ['type'] }] } })).toBeNull()
    expect(connectorServerErrors(new Error('boom'))).toBeNull()
  })

  it('the webhook needs at least one event', () => {
    expect(validateEvents([])).toEqual({ events: 'Choose at least one event to send.' })
    expect(validateEvents(['research.finished'])).toEqual({})
    expect(validateEvents(['article.published', 'article.failed'])).toEqual({})
  })
})
