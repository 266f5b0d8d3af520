/**
 * PDF files of the dashboard and the reports, made in the browser with jsPDF
 * (and jspdf-autotable for the tables). Both libraries are loaded only when a
 * PDF is asked for, so the dashboard's first paint does not carry them.
 * Streams are compressed: uncompressed, a chart image alone weighs megabytes.
 */

/** A chart already rendered to PNG (a data URL) with its size in CSS pixels. */
export interface ChartImage {
  title: string
  png: string
  width: number
  height: number
}

interface Common {
  title: string
  /** label → value lines under the title (period, filters) */
  filters: [string, string][]
  generatedAt: string
  fileName: string
}

const MARGIN = 40
const BRAND: [number, number, number] = [15, 108, 189]

async function newDocument(landscape: boolean) {
  const { jsPDF } = await import('jspdf')
  return new jsPDF({ orientation: landscape ? 'landscape' : 'portrait', unit: 'pt', format: 'a4', compress: true })
}

/** Title, filter lines and the generation time; returns where the content starts. */
function heading(doc: import('jspdf').jsPDF, c: Common) {
  doc.setFont('helvetica', 'bold')
  doc.setFontSize(16)
  doc.setTextColor(...BRAND)
  doc.text(c.title, MARGIN, MARGIN + 6)
  doc.setFont('helvetica', 'normal')
  doc.setFontSize(9)
  doc.setTextColor(60, 60, 60)
  let y = MARGIN + 24
  for (const [label, value] of c.filters) {
    doc.text(`${label}: ${value}`, MARGIN, y)
    y += 12
  }
  doc.setTextColor(120, 120, 120)
  doc.text(c.generatedAt, MARGIN, y)
  return y + 14
}

/** A report: title, filters, then the rows as a table over as many pages as they take. */
export async function reportPdf(c: Common & { header: string[]; rows: (string | number)[][]; note?: string }) {
  const [doc, { autoTable }] = await Promise.all([newDocument(true), import('jspdf-autotable')])
  let y = heading(doc, c)
  if (c.note) {
    doc.setTextColor(160, 60, 0)
    doc.text(c.note, MARGIN, y)
    y += 12
  }
  autoTable(doc, {
    head: [c.header],
    body: c.rows,
    startY: y,
    margin: { left: MARGIN, right: MARGIN },
    styles: { fontSize: 7, cellPadding: 3, overflow: 'linebreak' },
    headStyles: { fillColor: BRAND },
  })
  doc.save(c.fileName)
}

/** The dashboard: counters as a two-column table, then each chart as an image. */
export async function dashboardPdf(c: Common & { counters: [string, string][]; charts: ChartImage[] }) {
  const [doc, { autoTable }] = await Promise.all([newDocument(false), import('jspdf-autotable')])
  const y = heading(doc, c)
  autoTable(doc, {
    body: c.counters,
    startY: y,
    margin: { left: MARGIN, right: MARGIN },
    styles: { fontSize: 9, cellPadding: 4 },
    columnStyles: { 1: { halign: 'right', fontStyle: 'bold' } },
    theme: 'striped',
  })
  const pageW = doc.internal.pageSize.getWidth()
  const pageH = doc.internal.pageSize.getHeight()
  let at = ((doc as any).lastAutoTable?.finalY ?? y) + 20
  for (const chart of c.charts) {
    const w = Math.min(pageW - 2 * MARGIN, chart.width)
    const h = (chart.height * w) / chart.width
    if (at + h + 18 > pageH - MARGIN) {
      doc.addPage()
      at = MARGIN
    }
    doc.setFont('helvetica', 'bold')
    doc.setFontSize(11)
    doc.setTextColor(40, 40, 40)
    doc.text(chart.title, MARGIN, at)
    doc.addImage(chart.png, 'PNG', MARGIN, at + 8, w, h)
    at += h + 30
  }
  doc.save(c.fileName)
}

/** The size of a PNG data URL's image. */
export function imageSize(png: string): Promise<{ width: number; height: number }> {
  return new Promise((resolve, reject) => {
    const img = new Image()
    img.onload = () => resolve({ width: img.naturalWidth, height: img.naturalHeight })
    img.onerror = reject
    img.src = png
  })
}
