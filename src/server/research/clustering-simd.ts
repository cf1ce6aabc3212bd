// The WebAssembly SIMD kernel of the distance matrix (clustering-matrix.ts), assembled here (no
// build step, no binary in the repository).

let compiledModule: WebAssembly.Module | null | undefined

/** The compiled kernel: with relaxed SIMD's fused multiply-add where the engine validates it. */
export function simdModule(): WebAssembly.Module | undefined {
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
