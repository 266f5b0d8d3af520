import { test } from '@japa/runner'
import { readFileSync } from 'node:fs'
import { readXlsRows, xlsNumberText, XlsError } from '#modules/inbox/services/xls_reader'

const fixture = () =>
  new Uint8Array(readFileSync(new URL('../../modules/inbox/tests/fixtures/contacts.xls', import.meta.url)))

test.group('xls reader (legacy Excel contact sheets)', () => {
  test('reads the first worksheet: shared strings, numbers, a string spanning CONTINUE records', ({ assert }) => {
    const rows = readXlsRows(fixture())
    assert.equal(rows.size, 201)
    assert.deepEqual([...rows.get(0)!.values()], ['Nome', 'Número', 'E-mail'])
    assert.deepEqual([...rows.get(1)!.values()], ['João da Silva', 5511987654321, 'joao@example.com'])
    assert.equal(xlsNumberText(rows.get(1)!.get(1) as number), '5511987654321')
    assert.equal(rows.get(2)!.get(1), '5521912345678')
    assert.equal(rows.get(200)!.get(0), 'Longo ' + 'ação'.repeat(2500))
    assert.equal(readXlsRows(fixture(), 10).size, 10)
  })

  test('a truncated, corrupt or foreign file is an XlsError, never a hang', ({ assert }) => {
    const bytes = fixture()
    assert.throws(() => readXlsRows(bytes.subarray(0, bytes.length / 2)), XlsError)
    assert.throws(() => readXlsRows(new Uint8Array(600)), XlsError)
    const corrupt = bytes.slice()
    // the FAT points every sector at itself: a cycle
    const fatSector = new DataView(corrupt.buffer).getUint32(0x4c, true)
    const view = new DataView(corrupt.buffer, (fatSector + 1) * 512, 512)
    for (let k = 0; k < 128; k++) view.setUint32(4 * k, k, true)
    assert.throws(() => readXlsRows(corrupt), XlsError)
  })
})
