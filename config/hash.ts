import { defineConfig, drivers } from '@adonisjs/core/hash'

/** scrypt: a memory-hard KDF available in Node without native add-ons. */
export default defineConfig({
  default: 'scrypt',
  list: {
    scrypt: drivers.scrypt({ cost: 16384, blockSize: 8, parallelization: 1, maxMemory: 33554432 }),
  },
})
