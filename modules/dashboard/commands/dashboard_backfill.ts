/**
 * `node ace dashboard:backfill [--company=N] [--wait]`: queues the tracking
 * backfill (the same BullMQ job as POST /dashboard/backfill) for one company
 * or every company. The job is idempotent, so running it again only tracks
 * what is still untracked. With --wait it follows the jobs' { done, total }
 * progress until they end (a worker must be running: `npm run worker`, or the
 * API process with its workers).
 */
import { BaseCommand, flags } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'

const POLL_MS = 500

export default class DashboardBackfill extends BaseCommand {
  static commandName = 'dashboard:backfill'
  static description = 'Track the tickets that existed before the dashboard (a job per company; idempotent)'
  // the providers define the job and its queue
  static options: CommandOptions = { startApp: true }

  @flags.number({ description: 'Only this company (default: every company)' })
  declare company?: number

  @flags.boolean({ description: 'Wait for the jobs and print their progress' })
  declare wait?: boolean

  async run() {
    const { Company } = await import('#core/models')
    const { backfillProgress, dispatchBackfill } = await import('../tracking/backfill.js')
    const query = Company.query().select('id').orderBy('id')
    if (this.company !== undefined) query.where('id', this.company)
    const ids = (await query).map((c) => c.id)
    if (!ids.length) {
      this.logger.error(`company ${this.company} not found`)
      this.exitCode = 1
      return
    }
    for (const id of ids) {
      const job = await dispatchBackfill(id)
      this.logger.info(`company ${id}: backfill job ${job.id} queued`)
    }
    if (!this.wait) return

    const pending = new Set(ids)
    const last = new Map<number, string>()
    while (pending.size) {
      for (const id of [...pending]) {
        const p = await backfillProgress(id)
        const line = `${p.state} ${p.done}/${p.total}`
        if (last.get(id) !== line) this.logger.info(`company ${id}: ${line}`)
        last.set(id, line)
        if (p.state === 'completed' || p.state === 'failed' || p.state === 'missing') pending.delete(id)
        if (p.state === 'failed') this.exitCode = 1
      }
      if (pending.size) await new Promise((r) => setTimeout(r, POLL_MS))
    }
  }
}
