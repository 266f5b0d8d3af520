import { defineModule } from '#core/module'
import { errors } from './errors.js'

/**
 * Queue integrations (spec 3): n8n and webhook (signed POST of the message,
 * reply back), Typebot, Dialogflow; attached to connections, queues and
 * chatbot options through the conversation engine's extension points.
 */
export default defineModule({
  name: 'integrations',
  feature: 'useIntegrations',
  planFlags: [
    { name: 'useIntegrations', label: { pt: 'Integrações', en: 'Integrations', es: 'Integraciones' }, default: true },
  ],
  errors,
  dependsOn: ['inbox', 'queues'],
  migrations: 'database/migrations',
  provider: () => import('./provider.js'),
  menu: [
    {
      path: '/queue-integration',
      label: 'menu.queueIntegration',
      icon: 'plug',
      role: 'admin',
      section: 'admin',
      order: 37,
    },
  ],
  remote: { name: 'integrations', expose: './App', routes: ['/queue-integration'] },
})
