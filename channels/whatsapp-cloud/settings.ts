/**
 * The whatsappapi connection settings. The system-user token is checked with
 * the Graph API on every save (it must open the phone number, and the number
 * must belong to the WABA) and stored sealed (#channels/meta/secrets).
 */
import vine from '@vinejs/vine'
import { graph, GraphError } from '#channels/meta/graph'
import { isSealed, openSecret, sealSecret } from '#core/secrets'

const GRAPH_ID = /^\d{5,25}$/

const checkedToken = vine.createRule(
  async (value, _options, field) => {
    if (typeof value !== 'string' || !field.isValid) return
    const parent = (field.parent ?? {}) as Record<string, unknown>
    const phone = String(parent.phoneNumberId ?? '')
    const waba = String(parent.wabaId ?? '')
    const token = isSealed(value) ? openSecret(value) : value
    if (!token || !GRAPH_ID.test(phone) || !GRAPH_ID.test(waba)) {
      field.report('ERR_META_TOKEN_INVALID', 'metaToken', field)
      return
    }
    try {
      const numbers = await graph<{ data?: { id: string }[] }>(`${waba}/phone_numbers`, {
        token,
        query: { fields: 'id,display_phone_number', limit: 100 },
      })
      if (!numbers.data?.some((n) => String(n.id) === phone)) {
        field.report('ERR_META_TOKEN_INVALID', 'metaToken', field)
        return
      }
    } catch (error) {
      // a stored token is kept when Meta cannot be reached (editing other fields must not depend on Meta)
      const unreachable = error instanceof GraphError && (error.status === 0 || error.status >= 500)
      if (!(unreachable && isSealed(value))) {
        field.report('ERR_META_TOKEN_INVALID', 'metaToken', field)
        return
      }
    }
    field.mutate(sealSecret(token), field)
  },
  { isAsync: true }
)

export default vine.object({
  phoneNumberId: vine.string().trim().regex(GRAPH_ID),
  wabaId: vine.string().trim().regex(GRAPH_ID),
  systemUserToken: vine.string().trim().minLength(20).maxLength(4000).use(checkedToken()),
})
