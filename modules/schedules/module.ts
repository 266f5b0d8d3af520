import { defineModule } from '#core/module'
import { errors } from './errors.js'

/**
 * Scheduled messages (spec 3): a calendar of messages to contacts, each sent
 * at its exact time by a delayed job through the inbox's outbox.
 */
export default defineModule({
  name: 'schedules',
  feature: 'useSchedules',
  planFlags: [
    { name: 'useSchedules', label: { pt: 'Agendamentos', en: 'Schedules', es: 'Agendamientos' }, default: true },
  ],
  errors,
  dependsOn: ['inbox'],
  migrations: 'database/migrations',
  provider: () => import('./provider.js'),
  menu: [{ path: '/schedules', label: 'menu.schedules', icon: 'schedules', section: 'main', order: 55 }],
  remote: { name: 'schedules', expose: './App', routes: ['/schedules'] },
})
