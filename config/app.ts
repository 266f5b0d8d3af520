import env from '#start/env'
import app from '@adonisjs/core/services/app'
import { defineConfig } from '@adonisjs/core/http'
import { compileTrustProxy } from '#services/trust_proxy'

export const appKey = env.get('APP_KEY')

export const http = defineConfig({
  generateRequestId: true,
  allowMethodSpoofing: false,
  useAsyncLocalStorage: true,
  // request.ip() (rate limits, logs) reads X-Forwarded-For only from these proxies
  trustProxy: compileTrustProxy(env.get('TRUST_PROXY')),
  cookie: {
    domain: '',
    path: '/',
    maxAge: '7d',
    httpOnly: true,
    secure: app.inProduction,
    sameSite: 'strict',
  },
})
