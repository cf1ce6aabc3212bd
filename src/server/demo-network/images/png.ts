import { deflateSync } from 'node:zlib'

/** The eight bytes every PNG starts with. */
export const PNG_SIGNATURE = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
  return c >>> 0
})

function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff
  for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8)
  return (crc ^ 0xffffffff) >>> 0
}

function chunk(type: string, data: Uint8Array): Buffer {
  const typed = Buffer.concat([Buffer.from(type, 'ascii'), data])
  const out = Buffer.alloc(12 + data.length)
  out.writeUInt32BE(data.length, 0)
  typed.copy(out, 4)
  out.writeUInt32BE(crc32(typed), 8 + data.length)
  return out
}

export type Rgb = readonly [number, number, number]

/**
 * A truecolour PNG of a diagonal gradient between two colours: small to encode, valid for any
 * decoder, and visibly different for different colours.
 */
export function gradientPng(width: number, height: number, from: Rgb, to: Rgb): Uint8Array {
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header.set([8, 2, 0, 0, 0], 8) // 8-bit depth, RGB, deflate, no filter method, no interlace
  const stride = width * 3 + 1
  const raw = Buffer.alloc(stride * height)
  const span = Math.max(1, width + height - 2)
  for (let y = 0; y < height; y++) {
    raw[y * stride] = 0 // filter type None for each scanline
    for (let x = 0; x < width; x++) {
      const t = (x + y) / span
      const offset = y * stride + 1 + x * 3
      for (let c = 0; c < 3; c++) raw[offset + c] = Math.round(from[c]! + (to[c]! - from[c]!) * t)
    }
  }
  return new Uint8Array(
    Buffer.concat([Buffer.from(PNG_SIGNATURE), chunk('IHDR', header), chunk('IDAT', deflateSync(raw)), chunk('IEND', new Uint8Array())]),
  )
}
