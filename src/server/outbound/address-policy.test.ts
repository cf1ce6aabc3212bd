import { describe, expect, it } from 'vitest'
import { blockedAddressMessage, checkAddress, isMetadataHostname } from './address-policy'

const strict = { allowLoopback: false }
const withFlag = { allowLoopback: true }

describe('checkAddress', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.0.9', 'loopback'],
    ['::1', 'loopback'],
    ['[::1]', 'loopback'],
    ['10.0.0.1', 'private'],
    ['172.16.5.4', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['fc00::1', 'private'],
    ['fd12:3456::1', 'private'],
    ['100.64.0.1', 'private'],
    ['169.254.1.1', 'link-local'],
    ['fe80::1', 'link-local'],
    ['169.254.169.254', 'metadata'],
    ['fd00:ec2::254', 'metadata'],
    ['224.0.0.1', 'multicast'],
    ['ff02::1', 'multicast'],
    ['0.0.0.0', 'reserved'],
    ['::', 'reserved'],
    ['255.255.255.255', 'reserved'],
    ['240.0.0.1', 'reserved'],
    ['192.0.2.1', 'reserved'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:10.0.0.1', 'private'],
    ['::ffff:169.254.169.254', 'metadata'],
    ['::ffff:a9fe:a9fe', 'metadata'],
    ['::7f00:1', 'reserved'],
    ['64:ff9b::a00:1', 'reserved'],
    ['2002:a00:1::', 'reserved'],
    ['not-an-ip', 'reserved'],
  ])('refuses %s as %s', (address, category) => {
    expect(checkAddress(address, strict)).toEqual({ allowed: false, category })
  })

  it.each(['93.184.215.14', '8.8.8.8', '172.32.0.1', '2606:4700::6810:85e5', '::ffff:8.8.8.8'])(
    'allows the public address %s',
    (address) => {
      expect(checkAddress(address, strict)).toMatchObject({ allowed: true })
    },
  )

  it('with the test flag allows loopback, and only loopback', () => {
    expect(checkAddress('127.0.0.1', withFlag)).toEqual({ allowed: true, address: '127.0.0.1', family: 4 })
    expect(checkAddress('::1', withFlag)).toEqual({ allowed: true, address: '::1', family: 6 })
    expect(checkAddress('::ffff:127.0.0.1', withFlag)).toEqual({ allowed: true, address: '127.0.0.1', family: 4 })
    for (const address of ['10.0.0.1', '192.168.0.1', '169.254.169.254', 'fd00:ec2::254', '100.64.0.1', '0.0.0.0', 'fe80::1']) {
      expect(checkAddress(address, withFlag).allowed, address).toBe(false)
    }
  })
})

describe('metadata hostnames and messages', () => {
  it('recognises cloud metadata host names, with or without a trailing dot', () => {
    expect(isMetadataHostname('metadata.google.internal')).toBe(true)
    expect(isMetadataHostname('METADATA.google.internal.')).toBe(true)
    expect(isMetadataHostname('example.com')).toBe(false)
  })

  it('names the URL and the kind of address in a sentence', () => {
    expect(blockedAddressMessage('http://10.0.0.1/', 'private')).toBe(
      'http://10.0.0.1/ points to a private network address, which we do not fetch.',
    )
  })
})
