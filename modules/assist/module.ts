import { defineModule } from '#core/module'
import { errors } from './errors.js'

/**
 * AI help for agents (issue #19 §4): with the company's own OpenAI key, a
 * ticket summary, three reply suggestions and "improve my text" in the chat.
 * Plan flag useOpenAi (declared by the prompts module, whose OpenAI client it
 * uses through #modules/prompts/public/ai). Every call is a job; nothing is
 * ever sent to the contact by this module: the agent puts the text in the
 * composer and presses send.
 */
export default defineModule({
  name: 'assist',
  feature: 'useOpenAi',
  errors,
  dependsOn: ['inbox', 'prompts'],
  migrations: 'database/migrations',
  provider: () => import('./provider.js'),
  // /assist: the admins' key and model (the settings screen embeds it); /assist/chat: the chat's AI menu (embedded)
  remote: { name: 'assist', expose: './App', routes: ['/assist', '/assist/chat'] },
})
