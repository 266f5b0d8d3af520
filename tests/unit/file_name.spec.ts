/** Download file names from translated texts (packages/ui/src/format/fileName.ts). */
import { test } from '@japa/runner'
import { downloadName, fileSlug } from '../../packages/ui/src/format/fileName.js'

test.group('kit: download file names', () => {
  test('a translated base becomes an ASCII slug in every language', ({ assert }) => {
    assert.equal(fileSlug('Balcão códigos de recuperação'), 'balcao-codigos-de-recuperacao')
    assert.equal(fileSlug('Registro de auditoría'), 'registro-de-auditoria')
    assert.equal(fileSlug('Duração dos tickets'), 'duracao-dos-tickets')
    assert.equal(fileSlug('Campaña ñandú'), 'campana-nandu')
    assert.equal(fileSlug('  Audit log / 2026: “export” '), 'audit-log-2026-export')
    // nothing usable left: the fallback
    assert.equal(fileSlug('¿?¡!'), 'file')
    assert.equal(fileSlug('日本語', 'download'), 'download')
    assert.isAtMost(fileSlug('a'.repeat(300)).length, 80)
    assert.notMatch(fileSlug(`${'a'.repeat(79)} b`), /-$/)
  })

  test('downloadName joins the base, the parts and the extension', ({ assert }) => {
    assert.equal(downloadName('Registro de auditoría', 'xlsx', '2026-11-27'), 'registro-de-auditoria-2026-11-27.xlsx')
    assert.equal(
      downloadName('Duração dos tickets', 'csv', '2026-11-01', '2026-11-27'),
      'duracao-dos-tickets-2026-11-01-2026-11-27.csv'
    )
    assert.equal(downloadName('Campanha', 'xlsx', 42), 'campanha-42.xlsx')
    assert.equal(downloadName('Contatos', 'xlsx'), 'contatos.xlsx')
    assert.equal(downloadName('', 'txt'), 'file.txt')
  })
})
