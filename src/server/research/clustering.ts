import { availableParallelism } from 'node:os'
import { Worker } from 'node:worker_threads'
import { CLUSTER_DISTANCE_THRESHOLD } from '~/shared/research'

/**
 * Topic clusters of keywords (docs/product/pipeline.md, step f): agglomerative clustering of their
 * embeddings on cosine distance (1 − cosine similarity) with average linkage (UPGMA), cut at a
 * distance threshold, optionally refined by SERP overlap.
 *
 * Semantics are those of scikit-learn's AgglomerativeClustering(metric='cosine', linkage='average',
 * distance_threshold=t, n_clusters=None): two clusters merge while the mean cosine distance over all
 * pairs of their members is < t; a pair at exactly t stays apart. A zero vector has similarity 0 with
 * everything (as cosineSimilarity in providers/embeddings/vectors.ts says), so distance 1.
 *
 * The algorithm is exact and O(n²) in time and memory:
 * 1. the vectors are L2-normalised into one padded float32 matrix;
 * 2. the full n × n distance matrix (float32, 4·n² bytes: 400 MB for 10,000 keywords) is computed in
 *    cache-sized blocks of 2 × 4 dot products: by a WebAssembly SIMD kernel (fused multiply-add where
 *    the engine has relaxed SIMD), spread over worker threads for large inputs, or by plain TypeScript;
 * 3. the nearest-neighbour chain algorithm builds the average-linkage merges in place with the
 *    Lance–Williams update. A cluster whose nearest neighbour is at ≥ t is final (an average of
 *    distances ≥ t stays ≥ t), so the chain never merges above the threshold and stops early.
 *
 * SERP overlap is a post-step: serpOverlapMustLinks turns each keyword's top-10 URLs into must-link
 * pairs (keywords sharing ≥ 3 URLs answer the same search need), and mergeMustLinks joins the
 * clusters of every pair (union–find). clusterByCosine applies it when given `mustLink`.
 *
 * Labels are numbered 0, 1, 2, … in order of first appearance, so equal inputs give equal labels.
 */

/** The cut research uses (its reasons: src/shared/research.ts). */
export const DEFAULT_CLUSTER_DISTANCE_THRESHOLD = CLUSTER_DISTANCE_THRESHOLD

/** The most vectors one call accepts: the distance matrix must fit WebAssembly's 4 GiB memory. */
export const MAX_CLUSTERING_VECTORS = 30_000

export interface CosineClusteringOptions {
  /** Clusters merge while their average cosine distance is below this (cosine distance spans 0–2). */
  distanceThreshold: number
  /** Pairs of vector indices that end in one cluster whatever their distance (see mergeMustLinks). */
  mustLink?: ReadonlyArray<readonly [number, number]>
  /**
   * Threads computing the distance matrix, the calling one included. Default: the machine's cores
   * (at most 8) from PARALLEL_MIN_VECTORS vectors on, below that 1 (starting a worker costs more).
   */
  threads?: number
  /** The distance-matrix kernel: 'simd' (WebAssembly, the default where the engine has it) or 'js'. */
  kernel?: 'simd' | 'js'
}

export interface CosineClustering {
  /** The cluster of each vector, numbered by first appearance. */
  labels: Int32Array
  clusterCount: number
}

/**
 * From this many vectors the matrix is shared with worker threads. A worker takes ~40 ms to start;
 * below ~4,000 vectors the single-threaded matrix takes about as long (0.3 s at 3,000), and on a busy
 * machine a second thread gains nothing there (measured with bench/clustering.mjs).
 */
export const PARALLEL_MIN_VECTORS = 4000

type VectorLike = ArrayLike<number>

export function clusterByCosine(vectors: readonly VectorLike[], options: CosineClusteringOptions): CosineClustering {
  const { distanceThreshold } = options
  if (Number.isNaN(distanceThreshold)) throw new RangeError('distanceThreshold must be a number')
  const n = vectors.length
  if (n > MAX_CLUSTERING_VECTORS) throw new RangeError(`clusterByCosine takes at most ${MAX_CLUSTERING_VECTORS} vectors, got ${n}`)
  const parent = new Int32Array(n)
  for (let i = 0; i < n; i++) parent[i] = i

  if (n > 1) {
    const kernel = options.kernel ?? (simdModule() ? 'simd' : 'js')
    const threads = Math.max(1, Math.floor(options.threads ?? (n >= PARALLEL_MIN_VECTORS ? Math.min(8, availableParallelism()) : 1)))
    const { distances, stride } = distanceMatrix(vectors, kernel, threads)
    nearestNeighbourChain(distances, stride, n, distanceThreshold, parent)
  }
  for (const [a, b] of options.mustLink ?? []) union(parent, checkedIndex(a, n), checkedIndex(b, n))
  return labelsFromForest(parent)
}

/**
 * The vectors minus their mean: what they share (for the local embedder, the words every keyword of
 * one business has) no longer counts as likeness. Cosine clustering of the result is what the
 * local embedder's threshold was measured on.
 */
export function centerVectors(vectors: readonly VectorLike[]): Float32Array[] {
  if (vectors.length === 0) return []
  const dimensions = vectors[0]!.length
  const mean = new Float64Array(dimensions)
  for (const vector of vectors) for (let k = 0; k < dimensions; k++) mean[k]! += vector[k]! / vectors.length
  return vectors.map((vector) => Float32Array.from({ length: dimensions }, (_, k) => vector[k]! - mean[k]!))
}

/**
 * Joins the clusters of every must-linked pair (union–find) and renumbers the result by first
 * appearance. Must-links are a post-step: they do not change the distances the clustering saw.
 */
export function mergeMustLinks(labels: ArrayLike<number>, mustLink: ReadonlyArray<readonly [number, number]>): CosineClustering {
  const n = labels.length
  // One representative per label: the first vector carrying it.
  const parent = new Int32Array(n)
  const first = new Map<number, number>()
  for (let i = 0; i < n; i++) {
    const label = labels[i]!
    const representative = first.get(label)
    if (representative === undefined) {
      first.set(label, i)
      parent[i] = i
    } else parent[i] = representative
  }
  for (const [a, b] of mustLink) union(parent, checkedIndex(a, n), checkedIndex(b, n))
  return labelsFromForest(parent)
}

/**
 * Must-link pairs from SERP overlap: keywords whose top results (the first `top` URLs of each list,
 * duplicates counted once) share at least `minShared` URLs. URLs are compared as given, so callers
 * pass them normalised the same way. Pairs come as [i, j] with i < j, sorted.
 */
export function serpOverlapMustLinks(
  topUrls: ReadonlyArray<readonly string[] | null | undefined>,
  options: { minShared?: number; top?: number } = {},
): Array<[number, number]> {
  const { minShared = 3, top = 10 } = options
  const n = topUrls.length
  const postings = new Map<string, number[]>()
  const lists = topUrls.map((urls, i) => {
    const unique = [...new Set((urls ?? []).slice(0, top))]
    for (const url of unique) {
      const posting = postings.get(url)
      if (posting) posting.push(i)
      else postings.set(url, [i])
    }
    return unique
  })
  const shared = new Int32Array(n)
  const touched: number[] = []
  const pairs: Array<[number, number]> = []
  for (let i = 0; i < n; i++) {
    for (const url of lists[i]!) {
      // Postings are in ascending keyword order: only the keywords after i are counted.
      for (const j of postings.get(url)!) {
        if (j <= i) continue
        if (shared[j] === 0) touched.push(j)
        shared[j]!++
      }
    }
    touched.sort((a, b) => a - b)
    for (const j of touched) {
      if (shared[j]! >= Math.max(1, minShared)) pairs.push([i, j])
      shared[j] = 0
    }
    touched.length = 0
  }
  return pairs
}

/**
 * The adjusted Rand index of two labelings of the same items: 1 for the same partition, about 0 for
 * chance agreement (the measure scikit-learn's adjusted_rand_score computes).
 */
export function adjustedRandIndex(a: ArrayLike<number>, b: ArrayLike<number>): number {
  const n = a.length
  if (b.length !== n) throw new RangeError(`labelings differ in length: ${n} and ${b.length}`)
  const pairs = (count: number) => (count * (count - 1)) / 2
  const cells = new Map<string, number>()
  const rows = new Map<number, number>()
  const columns = new Map<number, number>()
  for (let i = 0; i < n; i++) {
    const key = `${a[i]} ${b[i]}`
    cells.set(key, (cells.get(key) ?? 0) + 1)
    rows.set(a[i]!, (rows.get(a[i]!) ?? 0) + 1)
    columns.set(b[i]!, (columns.get(b[i]!) ?? 0) + 1)
  }
  let index = 0
  for (const count of cells.values()) index += pairs(count)
  let sumRows = 0
  for (const count of rows.values()) sumRows += pairs(count)
  let sumColumns = 0
  for (const count of columns.values()) sumColumns += pairs(count)
  const total = pairs(n)
  const expected = total === 0 ? 0 : (sumRows * sumColumns) / total
  const maximum = (sumRows + sumColumns) / 2
  // Both partitions all singletons, or both one cluster: the same partition.
  if (maximum === expected) return 1
  return (index - expected) / (maximum - expected)
}

function checkedIndex(index: number, n: number): number {
  if (!Number.isInteger(index) || index < 0 || index >= n)
    throw new RangeError(`must-link index ${index} is not a vector index (0–${n - 1})`)
  return index
}

function find(parent: Int32Array, i: number): number {
  let root = i
  while (parent[root] !== root) root = parent[root]!
  while (parent[i] !== root) {
    const next = parent[i]!
    parent[i] = root
    i = next
  }
  return root
}

function union(parent: Int32Array, a: number, b: number) {
  const rootA = find(parent, a)
  const rootB = find(parent, b)
  if (rootA < rootB) parent[rootB] = rootA
  else if (rootB < rootA) parent[rootA] = rootB
}

function labelsFromForest(parent: Int32Array): CosineClustering {
  const n = parent.length
  const labels = new Int32Array(n)
  const labelOfRoot = new Int32Array(n).fill(-1)
  let clusterCount = 0
  for (let i = 0; i < n; i++) {
    const root = find(parent, i)
    if (labelOfRoot[root] === -1) labelOfRoot[root] = clusterCount++
    labels[i] = labelOfRoot[root]!
  }
  return { labels, clusterCount }
}

// ---------------------------------------------------------------------------------------------
// Average linkage by the nearest-neighbour chain

/**
 * Average-linkage clustering of the n × n distance matrix `distances` (row stride `stride`), cut at
 * `threshold`: every merge below it links its two clusters in `parent`. Overwrites the matrix.
 *
 * The chain grows from an active cluster to its nearest neighbour until two clusters are each
 * other's nearest (reciprocal nearest neighbours). Average linkage is reducible (merging two clusters
 * never brings the result nearer to a third than the nearer of the two was), so merging such a pair
 * at once gives the same dendrogram as always merging the globally closest pair. Ties go to the
 * chain's previous cluster, then to the lower index.
 */
function nearestNeighbourChain(distances: Float32Array, stride: number, n: number, threshold: number, parent: Int32Array) {
  // Self-distances never win a nearest-neighbour search.
  for (let i = 0; i < n; i++) distances[i * stride + i] = Infinity
  const size = new Float64Array(n).fill(1)
  /** Clusters that can still merge, ascending: each is represented by the lowest index in it. */
  const active = new Int32Array(n)
  for (let i = 0; i < n; i++) active[i] = i
  let activeCount = n
  const chain = new Int32Array(n)
  let chainLength = 0

  const deactivate = (cluster: number) => {
    let low = 0
    let high = activeCount - 1
    while (low < high) {
      const middle = (low + high) >> 1
      if (active[middle]! < cluster) low = middle + 1
      else high = middle
    }
    active.copyWithin(low, low + 1, activeCount)
    activeCount--
  }

  while (activeCount > 0) {
    if (chainLength === 0) chain[chainLength++] = active[0]!
    const x = chain[chainLength - 1]!
    const previous = chainLength > 1 ? chain[chainLength - 2]! : -1
    const row = x * stride
    let nearest = previous
    let best = previous >= 0 ? distances[row + previous]! : Infinity
    for (let m = 0; m < activeCount; m++) {
      const k = active[m]!
      const distance = distances[row + k]!
      if (distance < best) {
        best = distance
        nearest = k
      }
    }

    if (nearest < 0 || !(best < threshold)) {
      // x can never merge below the threshold, and neither can the chain behind it: each link of the
      // chain is a nearest neighbour at a distance ≥ the next one's, so ≥ best.
      for (let c = 0; c < chainLength; c++) deactivate(chain[c]!)
      chainLength = 0
      continue
    }
    if (nearest !== previous) {
      chain[chainLength++] = nearest
      continue
    }

    chainLength -= 2
    const keep = Math.min(x, nearest)
    const drop = Math.max(x, nearest)
    const sizeKeep = size[keep]!
    const sizeDrop = size[drop]!
    const total = sizeKeep + sizeDrop
    const keepRow = keep * stride
    const dropRow = drop * stride
    for (let m = 0; m < activeCount; m++) {
      const k = active[m]!
      if (k === keep || k === drop) continue
      const distance = (sizeKeep * distances[keepRow + k]! + sizeDrop * distances[dropRow + k]!) / total
      distances[keepRow + k] = distance
      distances[k * stride + keep] = distance
    }
    size[keep] = total
    parent[drop] = keep
    deactivate(drop)
  }
}

// ---------------------------------------------------------------------------------------------
// The distance matrix

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

function distanceMatrix(vectors: readonly VectorLike[], kernel: 'simd' | 'js', threads: number) {
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

// ---------------------------------------------------------------------------------------------
// The WebAssembly SIMD kernel, assembled here (no build step, no binary in the repository)

let compiledModule: WebAssembly.Module | null | undefined

/** The compiled kernel: with relaxed SIMD's fused multiply-add where the engine validates it. */
function simdModule(): WebAssembly.Module | undefined {
  if (compiledModule === undefined) {
    compiledModule = null
    for (const fused of [true, false]) {
      const bytes = kernelModuleBytes(fused)
      if (typeof WebAssembly === 'object' && WebAssembly.validate(bytes)) {
        compiledModule = new WebAssembly.Module(bytes)
        break
      }
    }
  }
  return compiledModule ?? undefined
}

const unsignedLeb = (value: number): number[] => {
  const out: number[] = []
  do {
    let byte = value & 0x7f
    value >>>= 7
    if (value !== 0) byte |= 0x80
    out.push(byte)
  } while (value !== 0)
  return out
}
const signedLeb = (value: number): number[] => {
  const out: number[] = []
  for (;;) {
    const byte = value & 0x7f
    value >>= 7
    if ((value === 0 && (byte & 0x40) === 0) || (value === -1 && (byte & 0x40) !== 0)) return [...out, byte]
    out.push(byte | 0x80)
  }
}
const vector = (items: number[][]) => [...unsignedLeb(items.length), ...items.flat()]
const section = (id: number, bytes: number[]) => [id, ...unsignedLeb(bytes.length), ...bytes]
const name = (text: string) => vector([...new TextEncoder().encode(text)].map((byte) => [byte]))

const T = { i32: 0x7f, v128: 0x7b, func: 0x60, empty: 0x40 }
const op = {
  block: [0x02, T.empty],
  loop: [0x03, T.empty],
  end: [0x0b],
  br: (depth: number) => [0x0c, depth],
  brIf: (depth: number) => [0x0d, depth],
  get: (local: number) => [0x20, ...unsignedLeb(local)],
  set: (local: number) => [0x21, ...unsignedLeb(local)],
  tee: (local: number) => [0x22, ...unsignedLeb(local)],
  i32: (value: number) => [0x41, ...signedLeb(value)],
  i32GeU: [0x4f],
  i32LtU: [0x49],
  i32GtU: [0x4b],
  i32Add: [0x6a],
  i32Mul: [0x6c],
  i32And: [0x71],
  f32: (value: number) => [0x43, ...new Uint8Array(new Float32Array([value]).buffer)],
  f32Add: [0x92],
  f32Sub: [0x93],
  f32Max: [0x97],
  /** f32.store, 4-byte aligned, offset 0 */
  f32Store: [0x38, 2, 0],
  /** v128.load, 16-byte aligned, offset 0 */
  v128Load: [0xfd, ...unsignedLeb(0x00), 4, 0],
  v128Zero: [0xfd, ...unsignedLeb(0x0c), ...new Array<number>(16).fill(0)],
  f32x4Lane: (lane: number) => [0xfd, ...unsignedLeb(0x1f), lane],
  f32x4Add: [0xfd, ...unsignedLeb(0xe4)],
  f32x4Mul: [0xfd, ...unsignedLeb(0xe6)],
  /** relaxed SIMD: a·b + c, fused where the hardware has FMA */
  f32x4RelaxedMadd: [0xfd, ...unsignedLeb(0x105)],
}

/**
 * The module: imports a shared memory (env.memory) and exports
 * tiles(rowsOffset, distancesOffset, stride, width, start, end), which for each group of 4 columns j
 * from start's group on, and each pair of rows i in start…end−1 with i ≤ j + 3, computes the 2 × 4
 * dot products with 8 f32x4 accumulators and stores max(0, 1 − dot) at [i][j] and [j][i].
 */
function kernelModuleBytes(fused: boolean): Uint8Array<ArrayBuffer> {
  const [rowsOffset, distancesOffset, stride, width, start, end] = [0, 1, 2, 3, 4, 5]
  let nextLocal = 6
  const local = () => nextLocal++
  const rowBytes = local()
  const j = local()
  const i = local()
  const k = local()
  const a0 = local()
  const a1 = local()
  const columns = [local(), local(), local(), local()]
  const i32Locals = nextLocal - 6
  const va = local()
  const vb = local()
  const vc = local()
  const accumulators = Array.from({ length: 8 }, local)
  const v128Locals = nextLocal - 6 - i32Locals

  const code: number[] = []
  const emit = (...parts: number[][]) => {
    for (const part of parts) code.push(...part)
  }
  emit(op.get(width), op.i32(4), op.i32Mul, op.set(rowBytes))
  emit(op.get(start), op.i32(-4), op.i32And, op.set(j))
  emit(op.block, op.loop) // over column groups j
  emit(op.get(j), op.get(stride), op.i32GeU, op.brIf(1))
  emit(op.get(start), op.set(i))
  emit(op.block, op.loop) // over row pairs i
  emit(op.get(i), op.get(end), op.i32GeU, op.brIf(1))
  emit(op.get(i), op.get(j), op.i32(3), op.i32Add, op.i32GtU, op.brIf(1))
  emit(op.get(rowsOffset), op.get(i), op.get(rowBytes), op.i32Mul, op.i32Add, op.tee(a0), op.get(rowBytes), op.i32Add, op.set(a1))
  emit(op.get(rowsOffset), op.get(j), op.get(rowBytes), op.i32Mul, op.i32Add, op.set(columns[0]!))
  for (let c = 1; c < 4; c++) emit(op.get(columns[c - 1]!), op.get(rowBytes), op.i32Add, op.set(columns[c]!))
  for (const accumulator of accumulators) emit(op.v128Zero, op.set(accumulator))
  emit(op.i32(0), op.set(k))
  emit(op.loop) // over the row's floats, 4 at a time
  emit(op.get(a0), op.get(k), op.i32Add, op.v128Load, op.set(va))
  emit(op.get(a1), op.get(k), op.i32Add, op.v128Load, op.set(vb))
  for (let c = 0; c < 4; c++) {
    emit(op.get(columns[c]!), op.get(k), op.i32Add, op.v128Load, op.set(vc))
    for (const [row, vr] of [
      [0, va],
      [1, vb],
    ] as const) {
      const accumulator = accumulators[row * 4 + c]!
      if (fused) emit(op.get(vr), op.get(vc), op.get(accumulator), op.f32x4RelaxedMadd, op.set(accumulator))
      else emit(op.get(accumulator), op.get(vr), op.get(vc), op.f32x4Mul, op.f32x4Add, op.set(accumulator))
    }
  }
  emit(op.get(k), op.i32(16), op.i32Add, op.tee(k), op.get(rowBytes), op.i32LtU, op.brIf(0))
  emit(op.end)
  for (let row = 0; row < 2; row++) {
    for (let c = 0; c < 4; c++) {
      const accumulator = accumulators[row * 4 + c]!
      const distance = () =>
        emit(
          op.f32(0),
          op.f32(1),
          op.get(accumulator),
          op.f32x4Lane(0),
          op.get(accumulator),
          op.f32x4Lane(1),
          op.f32Add,
          op.get(accumulator),
          op.f32x4Lane(2),
          op.get(accumulator),
          op.f32x4Lane(3),
          op.f32Add,
          op.f32Add,
          op.f32Sub,
          op.f32Max,
        )
      const address = (first: number, firstPlus: number, second: number, secondPlus: number) =>
        emit(
          op.get(distancesOffset),
          op.get(first),
          op.i32(firstPlus),
          op.i32Add,
          op.get(stride),
          op.i32Mul,
          op.get(second),
          op.i32(secondPlus),
          op.i32Add,
          op.i32Add,
          op.i32(4),
          op.i32Mul,
          op.i32Add,
        )
      address(i, row, j, c)
      distance()
      emit(op.f32Store)
      address(j, c, i, row)
      distance()
      emit(op.f32Store)
    }
  }
  emit(op.get(i), op.i32(2), op.i32Add, op.set(i), op.br(0))
  emit(op.end, op.end) // row pairs
  emit(op.get(j), op.i32(4), op.i32Add, op.set(j), op.br(0))
  emit(op.end, op.end) // column groups
  emit(op.end) // function

  const body = [
    ...vector([
      [...unsignedLeb(i32Locals), T.i32],
      [...unsignedLeb(v128Locals), T.v128],
    ]),
    ...code,
  ]
  const params = vector(Array.from({ length: 6 }, () => [T.i32]))
  const sharedMemoryUpTo4GiB = [0x03, ...unsignedLeb(0), ...unsignedLeb(65536)]
  return new Uint8Array([
    ...[0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00],
    ...section(1, vector([[T.func, ...params, ...vector([])]])),
    ...section(2, vector([[...name('env'), ...name('memory'), 0x02, ...sharedMemoryUpTo4GiB]])),
    ...section(3, vector([[0]])),
    ...section(7, vector([[...name('tiles'), 0x00, 0]])),
    ...section(10, vector([[...unsignedLeb(body.length), ...body]])),
  ])
}
