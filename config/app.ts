import env from '#start/env'
import app from '@adonisjs/core/services/app'
import { defineConfig } from '@adonisjs/core/http'

export const appKey = env.get('APP_KEY')

export const http = defineConfig({
  generateRequestId: true,
  allowMethodSpoofing: false,
  useAsyncLocalStorage: true,
  trustProxy: () => false,
  cookie: {
    domain: '',
    path: '/',
    maxAge: '7d',
    httpOnly: true,
    secure: app.inProduction,
    sameSite: 'strict',
  },
})
