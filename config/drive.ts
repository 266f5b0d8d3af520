import env from '#start/env'
import app from '@adonisjs/core/services/app'
import { defineConfig, services } from '@adonisjs/drive'

/**
 * Uploaded and downloaded media. Files are private: the API serves them only
 * through signed, expiring URLs (see core storage service).
 */
export default defineConfig({
  default: 'fs',
  services: {
    fs: services.fs({
      location: env.get('STORAGE_PATH') ?? app.makePath('.data/storage'),
      serveFiles: false,
      visibility: 'private',
    }),
  },
})
