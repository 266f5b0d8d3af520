/**
 * The company's quick replies as another module reads them (the AI help of
 * modules/assist offers them to the model as the house's wording): the text
 * replies the given user may use in the "/" picker (shared ones and their
 * own, active), shortest list first. Runs in the caller's tenancy scope.
 */
import QuickMessage from '../models/quick_message.js'

export interface QuickReplyText {
  shortcode: string
  message: string
}

export async function quickReplyTexts(userId: number, limit = 30): Promise<QuickReplyText[]> {
  const rows = await QuickMessage.query()
    .where((q) => q.where('geral', true).orWhere('user_id', userId))
    .where('status', true)
    .whereNull('media_path')
    .whereNot('message', '')
    .orderBy('shortcode')
    .orderBy('id')
    .limit(Math.max(0, Math.min(limit, 200)))
  return rows.map((r) => ({ shortcode: r.shortcode, message: r.message }))
}
