/**
 * Ace entry point. ts-exec lets Node run the TypeScript sources directly.
 */
import '@poppinss/ts-exec'
await import('./core/bin/console.js')
