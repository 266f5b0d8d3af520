import { defineModule } from '#core/module'
import { errors } from './errors.js'

/** Notices from the super user to every user of every company. */
export default defineModule({
  name: 'announcements',
  feature: null,
  errors,
  migrations: 'database/migrations',
  provider: () => import('./provider.js'),
  menu: [
    {
      path: '/announcements',
      label: 'menu.announcements',
      icon: 'megaphone',
      role: 'super',
      section: 'admin',
      order: 85,
    },
  ],
  remote: { name: 'announcements', expose: './App', routes: ['/announcements'] },
})
