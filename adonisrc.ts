import { defineConfig } from '@adonisjs/core/app'
import { pluginProviders } from './core/plugins.js'

export default defineConfig({
  commands: [
    () => import('@adonisjs/core/commands'),
    () => import('@adonisjs/lucid/commands'),
    // each plugin's commands/main.ts (e.g. dashboard:backfill)
    () => import('./core/plugin_commands.js'),
  ],
  providers: [
    () => import('@adonisjs/core/providers/app_provider'),
    () => import('@adonisjs/core/providers/hash_provider'),
    {
      file: () => import('@adonisjs/core/providers/repl_provider'),
      environment: ['repl', 'test'],
    },
    () => import('@adonisjs/core/providers/vinejs_provider'),
    () => import('@adonisjs/lucid/database_provider'),
    () => import('@adonisjs/drive/drive_provider'),
    () => import('@adonisjs/transmit/transmit_provider'),
    () => import('./core/providers/core_provider.js'),
    ...pluginProviders,
  ],
  preloads: [
    () => import('./core/start/routes.js'),
    () => import('./core/start/kernel.js'),
    { file: () => import('./core/start/transmit.js'), environment: ['web', 'test'] },
  ],
  directories: {
    config: 'config',
    start: 'core/start',
    providers: 'core/providers',
    models: 'core/app/models',
    middleware: 'core/app/middleware',
    exceptions: 'core/app/exceptions',
    controllers: 'core/app/controllers',
    validators: 'core/app/validators',
    services: 'core/app/services',
    migrations: 'database/migrations',
    seeders: 'database/seeders',
    factories: 'database/factories',
    tests: 'tests',
  },
  tests: {
    suites: [
      { files: ['tests/unit/**/*.spec.ts'], name: 'unit', timeout: 20000 },
      {
        files: ['tests/functional/**/*.spec.ts', 'modules/*/tests/**/*.spec.ts', 'channels/*/tests/**/*.spec.ts'],
        name: 'functional',
        timeout: 30000,
      },
      { files: ['tests/browser/**/*.spec.ts'], name: 'browser', timeout: 120000 },
    ],
    forceExit: false,
  },
  metaFiles: [],
})
