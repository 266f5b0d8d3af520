import type { ApplicationService } from '@adonisjs/core/types'

export default class InvoicesProvider {
  constructor(protected app: ApplicationService) {}

  async start() {
    const { defineInvoiceSweep } = await import('./billing.js')
    defineInvoiceSweep()
    await import('./routes.js')
  }
}
