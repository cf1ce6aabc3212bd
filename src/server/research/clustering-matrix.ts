import { Worker } from 'node:worker_threads'
import { simdModule } from './clustering-simd'

// The distance matrix of clusterByCosine (clustering.ts): cosine distances of L2-normalised rows,
// computed in blocks by the WebAssembly SIMD kernel (clustering-simd.ts) or by plain TypeScript.

export type VectorLike = ArrayLike<number>

/**
 * Rows of the matrix one thread claims at a time: 64 normalised 768-d rows (192 KiB) stay in L2
 * while the columns stream past (measured faster than 32 at 10,000 vectors).
 */
const BLOCK_ROWS = 64

interface Layout {
  /** Rows and columns of the matrix, a multiple of 4 (the padding rows are zero vectors). */
  stride: number
  /** Floats per normalised row, a multiple of 4. */
  width: number
  /** Byte offsets in the shared memory. */
  rowsOffset: number
  distancesOffset: number
  bytes: number
}

function layout(n: number, dimensions: number): Layout {
  const stride = Math.ceil(n / 4) * 4
  const width = Math.max(4, Math.ceil(dimensions / 4) * 4)
  const rowsOffset = 0
  const distancesOffset = stride * width * 4
  return { stride, width, rowsOffset, distancesOffset, bytes: distancesOffset + stride * stride * 4 }
}

/** L2-normalised rows, zero-padded to `width` floats; a zero vector stays zero. */
function writeNormalisedRows(vectors: readonly VectorLike[], rows: Float32Array, width: number) {
  const dimensions = vectors[0]!.length
  vectors.forEach((vector, i) => {
    if (vector.length !== dimensions) throw new RangeError(`vector ${i} has ${vector.length} dimensions, vector 0 has ${dimensions}`)
    let norm = 0
    for (let k = 0; k < dimensions; k++) norm += vector[k]! * vector[k]!
    if (!Number.isFinite(norm)) throw new RangeError(`vector ${i} holds a value that is not a finite number`)
    const scale = norm > 0 ? 1 / Math.sqrt(norm) : 0
    const base = i * width
    for (let k = 0; k < dimensions; k++) rows[base + k] = vector[k]! * scale
  })
}

export function distanceMatrix(vectors: readonly VectorLike[], kernel: 'simd' | 'js', threads: number) {
  const n = vectors.length
  const shape = layout(n, vectors[0]!.length)
  const { stride, width } = shape
  const module = kernel === 'simd' ? simdModule() : undefined
  if (kernel === 'simd' && !module) throw new Error('this JavaScript engine has no WebAssembly SIMD: use kernel "js"')

  if (!module) {
    const rows = new Float32Array(stride * width)
    const distances = new Float32Array(stride * stride)
    writeNormalisedRows(vectors, rows, width)
    for (let start = 0; start < stride; start += BLOCK_ROWS)
      jsTiles(rows, distances, stride, width, start, Math.min(stride, start + BLOCK_ROWS))
    return { distances, stride }
  }

  const pages = Math.ceil(shape.bytes / 65536)
  const memory = new WebAssembly.Memory({ initial: pages, maximum: pages, shared: true })
  writeNormalisedRows(vectors, new Float32Array(memory.buffer, shape.rowsOffset, stride * width), width)
  const tiles = new WebAssembly.Instance(module, { env: { memory } }).exports.tiles as TilesFunction
  const blocks = Math.ceil(stride / BLOCK_ROWS)
  const workers = Math.min(threads, blocks) - 1
  if (workers <= 0) {
    for (let start = 0; start < stride; start += BLOCK_ROWS)
      tiles(shape.rowsOffset, shape.distancesOffset, stride, width, start, Math.min(stride, start + BLOCK_ROWS))
  } else {
    // [next block to claim, blocks finished]: every thread, this one included, claims blocks until
    // none is left, so a worker that is slow to start only means this thread computes more.
    const control = new Int32Array(new SharedArrayBuffer(8))
    const job = { module, memory, control, blocks, blockRows: BLOCK_ROWS, ...shape }
    for (let w = 0; w < workers; w++) {
      try {
        new Worker(WORKER_SOURCE, { eval: true, workerData: job }).unref()
      } catch {
        break
      }
    }
    for (let block = Atomics.add(control, 0, 1); block < blocks; block = Atomics.add(control, 0, 1)) {
      const start = block * BLOCK_ROWS
      tiles(shape.rowsOffset, shape.distancesOffset, stride, width, start, Math.min(stride, start + BLOCK_ROWS))
      Atomics.add(control, 1, 1)
    }
    // Blocks claimed by workers are being computed: wait for the last of them.
    for (let done = Atomics.load(control, 1); done < blocks; done = Atomics.load(control, 1)) Atomics.wait(control, 1, done, 100)
  }
  return { distances: new Float32Array(memory.buffer, shape.distancesOffset, stride * stride), stride }
}

type TilesFunction = (rowsOffset: number, distancesOffset: number, stride: number, width: number, start: number, end: number) => void

/** A worker thread: claims blocks of rows and computes their distances into the shared memory. */
const WORKER_SOURCE = `
const { workerData: job } = require('node:worker_threads')
const tiles = new WebAssembly.Instance(job.module, { env: { memory: job.memory } }).exports.tiles
for (let block = Atomics.add(job.control, 0, 1); block < job.blocks; block = Atomics.add(job.control, 0, 1)) {
  const start = block * job.blockRows
  tiles(job.rowsOffset, job.distancesOffset, job.stride, job.width, start, Math.min(job.stride, start + job.blockRows))
  Atomics.add(job.control, 1, 1)
  Atomics.notify(job.control, 1)
}
`

/**
 * The plain TypeScript kernel: for rows start…end−1 (start a multiple of 4), the distances to every
 * column from start's group of 4 on, written to both halves of the matrix. Four dot products share
 * each load of row i (four accumulators); the columns are taken 4 at a time.
 */
function jsTiles(rows: Float32Array, distances: Float32Array, stride: number, width: number, start: number, end: number) {
  for (let j = start; j < stride; j += 4) {
    const b0 = j * width
    const b1 = b0 + width
    const b2 = b1 + width
    const b3 = b2 + width
    for (let i = start; i < end && i <= j + 3; i++) {
      const a = i * width
      let s0 = 0
      let s1 = 0
      let s2 = 0
      let s3 = 0
      for (let k = 0; k < width; k++) {
        const x = rows[a + k]!
        s0 += x * rows[b0 + k]!
        s1 += x * rows[b1 + k]!
        s2 += x * rows[b2 + k]!
        s3 += x * rows[b3 + k]!
      }
      storeDistance(distances, stride, i, j, s0)
      storeDistance(distances, stride, i, j + 1, s1)
      storeDistance(distances, stride, i, j + 2, s2)
      storeDistance(distances, stride, i, j + 3, s3)
    }
  }
}

function storeDistance(distances: Float32Array, stride: number, i: number, j: number, dot: number) {
  const distance = Math.max(0, 1 - dot)
  distances[i * stride + j] = distance
  distances[j * stride + i] = distance
}
