import { defineConfig } from '@adonisjs/transmit'

/**
 * Transmit holds the SSE streams and their subscriptions. Events do not go
 * through its broadcast or its Redis bus: core/app/services/realtime_fanout.ts
 * serialises each event once and shares it with the other API processes
 * over Redis as one message, whatever the number of channels it names.
 */
export default defineConfig({
  pingInterval: '30s',
  transport: null,
})
