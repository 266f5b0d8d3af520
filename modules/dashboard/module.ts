import { defineModule } from '#core/module'
import { errors } from './errors.js'

/**
 * The manager's numbers: the dashboard (/), the attendance panel (/moments)
 * and the ticket tracking both are computed from. Tracking is recorded from
 * the inbox's public ticket events into this module's own tables, so no
 * counter ever scans the inbox's tickets or messages.
 */
export default defineModule({
  name: 'dashboard',
  feature: null,
  errors,
  // ticket events from the inbox; rating answers from the queues module's rating flow
  dependsOn: ['inbox', 'queues'],
  migrations: 'database/migrations',
  provider: () => import('./provider.js'),
  // listed for admins and showDashboard users; others opening / are sent on to /tickets by the remote
  menu: [
    {
      path: '/',
      label: 'menu.dashboard',
      icon: 'dashboard',
      role: 'dashboard',
      access: 'any',
      section: 'main',
      order: 1,
    },
    { path: '/moments', label: 'menu.moments', icon: 'people', role: 'any', section: 'main', order: 15 },
    { path: '/reports', label: 'menu.reports', icon: 'reports', role: 'dashboard', section: 'main', order: 16 },
  ],
  remote: { name: 'dashboard', expose: './App', routes: ['/', '/moments', '/reports'] },
})
