import { describe, expect, it } from 'vitest'
import { propertyLabel } from './search-console-property'

describe('propertyLabel', () => {
  it('shows a domain property as its domain', () => {
    expect(propertyLabel('sc-domain:example.com')).toBe('example.com')
    expect(propertyLabel('sc-domain:shop.example.co.uk')).toBe('shop.example.co.uk')
  })

  it('shows a URL-prefix property as its host and path', () => {
    expect(propertyLabel('https://www.example.com/')).toBe('www.example.com')
    expect(propertyLabel('https://blog.example.com/en/')).toBe('blog.example.com/en')
    expect(propertyLabel('http://example.com:8080/shop')).toBe('example.com:8080/shop')
  })

  it('leaves anything else as it is', () => {
    expect(propertyLabel('not a property')).toBe('not a property')
  })
})
