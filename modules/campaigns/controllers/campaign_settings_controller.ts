import type { HttpContext } from '@adonisjs/core/http'
import { AppError } from '#core/errors'
import { requireAdmin } from '#core/http'
import { realtime } from '#core/realtime'
import { readSettings, saveSettings } from '../services/campaign_settings.js'
import { campaignSettingsValidator } from '../validators.js'

const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5))

export default class CampaignSettingsController {
  async show() {
    return readSettings()
  }

  /** body: the settings themselves, or { settings } as the spec's client posts them */
  async store(ctx: HttpContext) {
    requireAdmin(ctx)
    const body = ctx.request.body()
    const input = body && typeof body.settings === 'object' && body.settings !== null ? body.settings : body
    const data = await campaignSettingsValidator.validate(input)
    const current = await readSettings()
    const start = data.startHour ?? current.startHour
    const end = data.endHour ?? current.endHour
    if (minutes(start) >= minutes(end)) {
      throw new AppError('ERR_VALIDATION', 422, {
        fields: [{ field: 'endHour', rule: 'afterStartHour', message: 'endHour must be after startHour' }],
      })
    }
    const saved = await saveSettings(data)
    realtime.toCompany(ctx.actor.company.id, 'campaignSettings', { action: 'update', record: saved })
    return saved
  }
}
