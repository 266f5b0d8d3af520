import type { ApplicationService } from '@adonisjs/core/types'

export default class WebchatChannelProvider {
  constructor(protected app: ApplicationService) {}

  async start() {
    const { channelRegistry } = await import('#core/channels')
    const { installPipeline } = await import('#core/pipeline')
    const { webchatDriver } = await import('./driver.js')
    installPipeline()
    channelRegistry.register(webchatDriver)
    const { jobs } = await import('#core/jobs')
    const { sendDueMails } = await import('./mail.js')
    // replies by e-mail to visitors who left: a sweep over PostgreSQL, nothing kept in Redis
    jobs.sweep('webchat-mail', 5_000, () => sendDueMails())
    if (['web', 'test'].includes(this.app.getEnvironment())) {
      const { router, middleware, channelRoutes } = await import('#core/http')
      const { default: manifest } = await import('./channel.js')
      const Widget = () => import('./widget_controller.js')
      const Admin = () => import('./admin_controller.js')
      // public: the key names the connection, the Origin header is checked on every call (widget_controller)
      channelRoutes(manifest, () => {
        router.get('/channels/webchat/:key/widget.js', [Widget, 'script'])
        router.route('/channels/webchat/:key/*', ['OPTIONS'], [Widget, 'preflight'])
        router.get('/channels/webchat/:key/config', [Widget, 'config'])
        router.post('/channels/webchat/:key/session', [Widget, 'session'])
        router.get('/channels/webchat/:key/messages', [Widget, 'history'])
        router.post('/channels/webchat/:key/messages', [Widget, 'send'])
        router.post('/channels/webchat/:key/attachments', [Widget, 'attachment'])
        router.get('/channels/webchat/:key/stream', [Widget, 'stream'])
        router.get('/channels/webchat/:key/demo', [Widget, 'demo'])
      })
      // the admin's snippet to paste into the website
      router
        .get('/channels/webchat/connections/:whatsappId/snippet', [Admin, 'snippet'])
        .use([middleware.auth(), middleware.subscribed()])
    }
  }
}
