import env from '#start/env'
import app from '@adonisjs/core/services/app'
import { defineConfig } from '@adonisjs/core/http'
import { compileTrustProxy } from '#services/trust_proxy'

export const appKey = env.get('APP_KEY')

/** The framework's serializer: bigints as strings, circular references dropped. */
const { serializeJSON: safeSerializeJSON } = defineConfig({})

export const http = defineConfig({
  // the engine's JSON.stringify answers (a list's 40 tickets took 140 µs of CPU in the safe one,
  // written in JavaScript); the safe one only for what the engine refuses
  serializeJSON(payload: unknown) {
    try {
      return JSON.stringify(payload)
    } catch {
      return safeSerializeJSON(payload)
    }
  },
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
