/**
 * Entry of the signed-in half of the shell, built as its own federated bundle
 * ('shell_app', see app.vite.config.ts) so the login page never downloads
 * Fluent UI. The host passes how to load module remotes.
 */
export { default } from '../layout/AppLayout.js'
