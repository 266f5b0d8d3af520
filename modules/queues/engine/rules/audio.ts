/** Audio refusal: acceptAudioMessageContact and the contact's own switch. */
import { enabled, say, type EngineContext } from '../context.js'
import { TEXTS } from '../texts.js'

/** Audio refusal (acceptAudioMessageContact / the contact's switch); true when refused. */
export async function refuseAudio(ctx: EngineContext, messageId: number) {
  if (ctx.contact.acceptAudioMessage && enabled(ctx, 'acceptAudioMessageContact')) return false
  await say(ctx, TEXTS.audioRefused, { quotedMessageId: messageId })
  return true
}
