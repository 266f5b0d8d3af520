import router from '@adonisjs/core/services/router'
import server from '@adonisjs/core/services/server'

server.errorHandler(() => import('#exceptions/handler'))

server.use([
  () => import('#middleware/security_headers_middleware'),
  () => import('#middleware/html_fallback_middleware'),
])

router.use([() => import('@adonisjs/core/bodyparser_middleware'), () => import('#middleware/input_guard_middleware')])

export const middleware = router.named({
  auth: () => import('#middleware/auth_middleware'),
  subscribed: () => import('#middleware/subscribed_middleware'),
  role: () => import('#middleware/role_middleware'),
  feature: () => import('#middleware/feature_middleware'),
})
