/**
 * Reads the cells of the first worksheet of a legacy Excel file (.xls: BIFF8
 * records in an OLE compound file), enough for contact lists: shared and
 * inline strings, numbers, RK numbers, formula results. Written for hostile
 * input: every offset is bounds-checked and every sector chain is walked
 * at most once, so a malformed file is an XlsError, never a hang. Imports no
 * app code (it runs in the sheet worker thread). The layouts follow
 * Microsoft's [MS-CFB] and [MS-XLS] specifications.
 */

export class XlsError extends Error {}

export type XlsCell = string | number | boolean

const END_OF_CHAIN = 0xfffffffe
const LAST_REGULAR = 0xfffffffa
const SIGNATURE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]

function fail(what: string): never {
  throw new XlsError(`not a readable xls file: ${what}`)
}

/** The compound file's streams by name (root storage only, which is where Excel puts the workbook). */
function compoundStreams(bytes: Uint8Array): Map<string, Uint8Array> {
  if (bytes.length < 512 || !SIGNATURE.every((b, i) => bytes[i] === b)) fail('signature')
  const dv = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  const u32 = (at: number) => (at + 4 <= bytes.length ? dv.getUint32(at, true) : fail('offset'))
  const sectorShift = dv.getUint16(0x1e, true)
  const miniShift = dv.getUint16(0x20, true)
  if ((sectorShift !== 9 && sectorShift !== 12) || miniShift !== 6) fail('sector size')
  const sectorSize = 1 << sectorShift
  const sectorCount = Math.floor(bytes.length / sectorSize) - 1
  const sectorAt = (i: number) => {
    if (i >= sectorCount) fail('sector')
    const start = (i + 1) * sectorSize
    return bytes.subarray(start, start + sectorSize)
  }

  // the FAT's own sectors: 109 listed in the header, the rest in the DIFAT chain
  const fatSectors: number[] = []
  for (let k = 0; k < 109; k++) {
    const s = u32(0x4c + 4 * k)
    if (s <= LAST_REGULAR) fatSectors.push(s)
  }
  let difat = u32(0x44)
  for (let n = 0; difat <= LAST_REGULAR && n < sectorCount; n++) {
    const sector = sectorAt(difat)
    const sv = new DataView(sector.buffer, sector.byteOffset, sector.byteLength)
    for (let k = 0; k < sectorSize / 4 - 1; k++) {
      const s = sv.getUint32(4 * k, true)
      if (s <= LAST_REGULAR) fatSectors.push(s)
    }
    difat = sv.getUint32(sectorSize - 4, true)
  }
  const fat = new Uint32Array(fatSectors.length * (sectorSize / 4))
  fatSectors.forEach((s, n) => {
    const sector = sectorAt(s)
    const sv = new DataView(sector.buffer, sector.byteOffset, sector.byteLength)
    for (let k = 0; k < sectorSize / 4; k++) fat[n * (sectorSize / 4) + k] = sv.getUint32(4 * k, true)
  })

  /** a chain's concatenated sectors; a cycle or a link out of range is a malformed file */
  const readChain = (start: number, table: Uint32Array, unit: number, at: (i: number) => Uint8Array, limit: number) => {
    const parts: Uint8Array[] = []
    const seen = new Set<number>()
    for (let s = start; s !== END_OF_CHAIN; s = table[s]) {
      if (s > LAST_REGULAR || s >= table.length || seen.has(s)) fail('chain')
      seen.add(s)
      parts.push(at(s))
      if (parts.length * unit >= limit) break
    }
    const out = new Uint8Array(parts.length * unit)
    parts.forEach((p, i) => out.set(p, i * unit))
    return out
  }
  const regular = (start: number, size: number) => readChain(start, fat, sectorSize, sectorAt, size).subarray(0, size)

  const directory = readChain(u32(0x30), fat, sectorSize, sectorAt, Number.MAX_SAFE_INTEGER)
  const entries: { name: string; type: number; start: number; size: number }[] = []
  const ddv = new DataView(directory.buffer, directory.byteOffset, directory.byteLength)
  for (let at = 0; at + 128 <= directory.length; at += 128) {
    const nameBytes = Math.min(64, ddv.getUint16(at + 0x40, true))
    let name = ''
    for (let i = 0; i + 2 < nameBytes; i += 2) name += String.fromCharCode(ddv.getUint16(at + i, true))
    entries.push({
      name,
      type: directory[at + 0x42],
      start: ddv.getUint32(at + 0x74, true),
      size: ddv.getUint32(at + 0x78, true),
    })
  }
  const root = entries[0]
  if (!root || root.type !== 5) fail('root')

  // streams under the cutoff live in the mini stream, in 64-byte sectors
  const cutoff = u32(0x38)
  const miniFatBytes = u32(0x3c) <= LAST_REGULAR ? regular(u32(0x3c), u32(0x40) * sectorSize) : new Uint8Array(0)
  const miniFat = new Uint32Array(Math.floor(miniFatBytes.length / 4))
  const mdv = new DataView(miniFatBytes.buffer, miniFatBytes.byteOffset, miniFatBytes.byteLength)
  for (let k = 0; k < miniFat.length; k++) miniFat[k] = mdv.getUint32(4 * k, true)
  let miniStream: Uint8Array | null = null
  const mini = (start: number, size: number) => {
    miniStream ??= root.start <= LAST_REGULAR ? regular(root.start, root.size) : new Uint8Array(0)
    const stream = miniStream
    const at = (i: number) => {
      if ((i + 1) * 64 > stream.length) fail('mini sector')
      return stream.subarray(i * 64, i * 64 + 64)
    }
    return readChain(start, miniFat, 64, at, size).subarray(0, size)
  }

  const streams = new Map<string, Uint8Array>()
  for (const e of entries) {
    if (e.type !== 2 || (e.name !== 'Workbook' && e.name !== 'Book')) continue
    if (e.size > bytes.length) fail('stream size')
    streams.set(e.name, e.size < cutoff ? mini(e.start, e.size) : regular(e.start, e.size))
  }
  return streams
}

/** A record's bytes, with the CONTINUE records that extend it as further segments. */
class Segments {
  #seg = 0
  #pos = 0
  constructor(private parts: Uint8Array[]) {}

  get atEnd() {
    return this.#seg >= this.parts.length
  }

  /** bytes left in the current segment (moving to the next one when this one is used up) */
  left() {
    while (this.#seg < this.parts.length && this.#pos >= this.parts[this.#seg].length) {
      this.#seg++
      this.#pos = 0
    }
    return this.#seg < this.parts.length ? this.parts[this.#seg].length - this.#pos : 0
  }

  u8() {
    if (!this.left()) fail('record end')
    return this.parts[this.#seg][this.#pos++]
  }

  u16() {
    return this.u8() | (this.u8() << 8)
  }

  u32() {
    return (this.u16() | (this.u16() << 16)) >>> 0
  }

  skip(n: number) {
    for (let i = 0; i < n; i++) this.u8()
  }

  /**
   * An XLUnicodeRichExtendedString (shared strings) or, with `plain`, an
   * XLUnicodeString. Characters that run into the next CONTINUE segment start
   * there with a fresh flags byte (8- or 16-bit characters).
   */
  string(plain = false) {
    const count = this.u16()
    let flags = this.u8()
    const runs = !plain && flags & 0x08 ? this.u16() : 0
    const ext = !plain && flags & 0x04 ? this.u32() : 0
    let text = ''
    let remaining = count
    while (remaining > 0) {
      if (this.#pos >= (this.parts[this.#seg]?.length ?? 0)) {
        if (!this.left()) fail('string end')
        flags = this.u8()
      }
      const wide = flags & 0x01
      const fits = Math.floor(this.left() / (wide ? 2 : 1))
      if (!fits) fail('string end')
      const n = Math.min(remaining, fits)
      for (let i = 0; i < n; i++) text += String.fromCharCode(wide ? this.u16() : this.u8())
      remaining -= n
    }
    this.skip(runs * 4 + ext)
    return text
  }
}

/** An RK value: a 30-bit integer or the high half of a double, maybe divided by 100. */
function rk(value: number) {
  let n: number
  if (value & 0x02) n = (value | 0) >> 2
  else {
    const dv = new DataView(new ArrayBuffer(8))
    dv.setUint32(4, value & 0xfffffffc, true)
    n = dv.getFloat64(0, true)
  }
  return value & 0x01 ? n / 100 : n
}

interface Record {
  type: number
  data: Uint8Array
  offset: number
}

function* records(stream: Uint8Array, from = 0): Generator<Record> {
  let at = from
  while (at + 4 <= stream.length) {
    const type = stream[at] | (stream[at + 1] << 8)
    const length = stream[at + 2] | (stream[at + 3] << 8)
    if (at + 4 + length > stream.length) fail('record length')
    yield { type, data: stream.subarray(at + 4, at + 4 + length), offset: at }
    at += 4 + length
  }
}

const BOF = 0x0809
const EOF = 0x000a
const FILEPASS = 0x002f
const BOUNDSHEET = 0x0085
const SST = 0x00fc
const CONTINUE = 0x003c
const LABELSST = 0x00fd
const LABEL = 0x0204
const NUMBER = 0x0203
const RK = 0x027e
const MULRK = 0x00bd
const FORMULA = 0x0006
const STRING = 0x0207
const BOOLERR = 0x0205

/**
 * The first worksheet's cells as rows (sparse: row index → column index →
 * value). `maxRows` bounds the rows kept; reading stops past it.
 */
export function readXlsRows(bytes: Uint8Array, maxRows = Number.MAX_SAFE_INTEGER): Map<number, Map<number, XlsCell>> {
  const streams = compoundStreams(bytes)
  const book = streams.get('Workbook') ?? fail('no workbook stream (Excel 95 or older)')
  const all = [...records(book)]
  const bof = all[0]
  if (!bof || bof.type !== BOF || (bof.data[0] | (bof.data[1] << 8)) !== 0x0600) fail('not BIFF8')

  // the globals: the first worksheet's position and the shared strings
  let sheetAt = -1
  let strings: string[] = []
  for (let i = 1; i < all.length && all[i].type !== EOF; i++) {
    const r = all[i]
    if (r.type === FILEPASS) fail('encrypted')
    if (r.type === BOUNDSHEET && sheetAt < 0 && r.data.length >= 6 && r.data[5] === 0) {
      sheetAt = (r.data[0] | (r.data[1] << 8) | (r.data[2] << 16) | (r.data[3] << 24)) >>> 0
    }
    if (r.type === SST) {
      const parts = [r.data.subarray(8)]
      for (let j = i + 1; j < all.length && all[j].type === CONTINUE; j++) parts.push(all[j].data)
      const unique = new DataView(r.data.buffer, r.data.byteOffset + 4, 4).getUint32(0, true)
      const reader = new Segments(parts)
      strings = []
      for (let k = 0; k < unique && !reader.atEnd && reader.left(); k++) strings.push(reader.string())
    }
  }
  if (sheetAt < 0) fail('no worksheet')

  const rows = new Map<number, Map<number, XlsCell>>()
  const put = (row: number, col: number, value: XlsCell) => {
    let cells = rows.get(row)
    if (!cells) {
      if (rows.size >= maxRows) return false
      rows.set(row, (cells = new Map()))
    }
    cells.set(col, value)
    return true
  }
  let pendingFormula: { row: number; col: number } | null = null
  for (const r of records(book, sheetAt)) {
    if (r.type === EOF) break
    const d = r.data
    const dv = new DataView(d.buffer, d.byteOffset, d.byteLength)
    const u16 = (at: number) => (at + 2 <= d.length ? dv.getUint16(at, true) : fail('cell'))
    let kept = true
    if (r.type === LABELSST && d.length >= 10) {
      kept = put(u16(0), u16(2), strings[dv.getUint32(6, true)] ?? '')
    } else if (r.type === LABEL && d.length >= 9) {
      kept = put(u16(0), u16(2), new Segments([d.subarray(6)]).string(true))
    } else if (r.type === NUMBER && d.length >= 14) {
      kept = put(u16(0), u16(2), dv.getFloat64(6, true))
    } else if (r.type === RK && d.length >= 10) {
      kept = put(u16(0), u16(2), rk(dv.getUint32(6, true)))
    } else if (r.type === MULRK && d.length >= 6) {
      const row = u16(0)
      const first = u16(2)
      const count = Math.floor((d.length - 6) / 6)
      for (let k = 0; k < count && kept; k++) kept = put(row, first + k, rk(dv.getUint32(4 + 6 * k + 2, true)))
    } else if (r.type === BOOLERR && d.length >= 8) {
      if (d[7] === 0) kept = put(u16(0), u16(2), d[6] !== 0)
    } else if (r.type === FORMULA && d.length >= 14) {
      // a cached result: a number, or (0xFFFF marker) a string in the next STRING record, a boolean, an error
      if (d[12] === 0xff && d[13] === 0xff) {
        if (d[6] === 0) pendingFormula = { row: u16(0), col: u16(2) }
        else if (d[6] === 1) kept = put(u16(0), u16(2), d[8] !== 0)
      } else kept = put(u16(0), u16(2), dv.getFloat64(6, true))
    } else if (r.type === STRING && pendingFormula) {
      kept = put(pendingFormula.row, pendingFormula.col, new Segments([d]).string(true))
      pendingFormula = null
    }
    if (!kept) break
  }
  return rows
}

/** A number as the digits a person typed (no exponent for phone numbers). */
export function xlsNumberText(n: number) {
  if (Number.isInteger(n) && Math.abs(n) < 1e21) return BigInt(n).toString()
  return String(n)
}
