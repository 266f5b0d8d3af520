import { defineModule } from '#core/module'
import { errors } from './errors.js'

/**
 * Campaigns (spec 3): contact lists and their items, campaign settings,
 * campaigns and the dispatcher that sends them at the company's pace through
 * the inbox (tickets, messages and the outbox are the inbox's).
 */
export default defineModule({
  name: 'campaigns',
  feature: 'useCampaigns',
  planFlags: [{ name: 'useCampaigns', label: { pt: 'Campanhas', en: 'Campaigns', es: 'Campañas' }, default: true }],
  errors,
  dependsOn: ['inbox'],
  migrations: 'database/migrations',
  provider: () => import('./provider.js'),
  menu: [
    { path: '/campaigns', label: 'menu.campaigns', icon: 'campaigns', role: 'admin', section: 'main', order: 60 },
    { path: '/contact-lists', label: 'menu.contactLists', icon: 'list', role: 'admin', section: 'main', order: 61 },
    {
      path: '/campaigns-config',
      label: 'menu.campaignsConfig',
      icon: 'settings',
      role: 'admin',
      section: 'main',
      order: 62,
    },
  ],
  // the shell also serves every path under each route: /campaign/{id}/report, /contact-lists/{id}/contacts
  remote: {
    name: 'campaigns',
    expose: './App',
    routes: ['/campaigns', '/campaign', '/campaigns-config', '/contact-lists'],
  },
})
