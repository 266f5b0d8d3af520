import { defineModule } from '#core/module'
import { errors } from './errors.js'

/** Help videos: managed by the super user, watched by everyone. */
export default defineModule({
  name: 'helps',
  feature: null,
  errors,
  migrations: 'database/migrations',
  provider: () => import('./provider.js'),
  menu: [{ path: '/helps', label: 'menu.helps', icon: 'help', role: 'any', section: 'main', order: 80 }],
  remote: { name: 'helps', expose: './App', routes: ['/helps'] },
})
