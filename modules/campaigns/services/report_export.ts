/** The report's rows as an xlsx: one row per recipient with its state and times (in the company's time zone). */
import ExcelJS from 'exceljs'
import { DateTime } from 'luxon'
import { tenantTable } from '#core/tenancy'

const STATUS_PT: Record<string, string> = {
  pending: 'Pendente',
  confirming: 'Aguardando confirmação',
  queued: 'Enviando',
  delivered: 'Entregue',
  failed: 'Falhou',
  cancelled: 'Cancelado',
  opted_out: 'Descadastrado',
  skipped: 'Pulado (em atendimento)',
}

export async function reportWorkbook(campaignId: number, zone: string): Promise<Buffer> {
  const wb = new ExcelJS.Workbook()
  const ws = wb.addWorksheet('Relatório')
  ws.columns = [
    { header: 'Nome', key: 'name', width: 28 },
    { header: 'Número', key: 'number', width: 18 },
    { header: 'E-mail', key: 'email', width: 28 },
    { header: 'Situação', key: 'status', width: 22 },
    { header: 'Entregue em', key: 'delivered', width: 18 },
    { header: 'Lida em', key: 'read', width: 18 },
    { header: 'Confirmação pedida em', key: 'asked', width: 22 },
    { header: 'Confirmada em', key: 'confirmed', width: 18 },
    { header: 'Falhou em', key: 'failed', width: 18 },
    { header: 'Erro', key: 'error', width: 28 },
  ]
  ws.getRow(1).font = { bold: true }
  const when = (v: Date | string | null) =>
    v ? DateTime.fromJSDate(new Date(v)).setZone(zone).toFormat('dd/MM/yyyy HH:mm') : ''
  // in pages: a large campaign never sits in memory twice
  let after = 0
  for (;;) {
    const rows = await tenantTable('campaign_shippings')
      .where('campaign_id', campaignId)
      .where('id', '>', after)
      .orderBy('id')
      .limit(2000)
    if (!rows.length) break
    for (const r of rows) {
      ws.addRow({
        name: r.name,
        number: r.number,
        email: r.email ?? '',
        status: STATUS_PT[r.status] ?? r.status,
        delivered: when(r.delivered_at),
        read: when(r.read_at),
        asked: when(r.confirmation_requested_at),
        confirmed: when(r.confirmed_at),
        failed: when(r.failed_at),
        error: r.error ?? '',
      })
    }
    after = Number(rows[rows.length - 1].id)
  }
  return Buffer.from(await wb.xlsx.writeBuffer())
}
