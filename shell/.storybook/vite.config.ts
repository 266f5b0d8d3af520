/**
 * Storybook's own Vite config. Without it Storybook would pick up the shell's
 * build config (federation, and the plugins that clean and rebuild public/).
 */
import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'
import { kitResolver } from '../../packages/ui/federation.ts'

export default defineConfig({ plugins: [kitResolver(), react()] })
