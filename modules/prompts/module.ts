import { defineModule } from '#core/module'
import { errors } from './errors.js'

/**
 * AI prompts (spec 3): an OpenAI assistant attached to connections (promptId)
 * that answers tickets without queue and user, and hands over to its queue.
 * Plugs into the conversation engine through its takeover extension point.
 */
export default defineModule({
  name: 'prompts',
  feature: 'useOpenAi',
  planFlags: [{ name: 'useOpenAi', label: { pt: 'OpenAI', en: 'OpenAI', es: 'OpenAI' }, default: true }],
  errors,
  dependsOn: ['inbox', 'queues'],
  migrations: 'database/migrations',
  provider: () => import('./provider.js'),
  menu: [{ path: '/prompts', label: 'menu.prompts', icon: 'prompts', role: 'admin', section: 'admin', order: 36 }],
  remote: { name: 'prompts', expose: './App', routes: ['/prompts'] },
})
