import type { Meta, StoryObj } from '@storybook/react-vite'
import { Button } from '@fluentui/react-components'
import { Toaster } from './Toaster.js'
import { toasts, LONG_TOAST_MS } from '../notify/bus.js'

const meta: Meta<typeof Toaster> = { title: 'Kit/Toaster', component: Toaster }
export default meta

/** 2000 ms by default; 3000 ms on the spec-3 screens. */
export const Intents: StoryObj<typeof Toaster> = {
  render: () => (
    <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
      <Toaster />
      <Button onClick={() => toasts.success('Usuário salvo com sucesso!')}>Success</Button>
      <Button onClick={() => toasts.error('Ocorreu um erro!')}>Error</Button>
      <Button onClick={() => toasts.warning('Sua assinatura vence em 3 dias.')}>Warning</Button>
      <Button onClick={() => toasts.success('Informativo salvo (3000 ms)', LONG_TOAST_MS)}>3000 ms</Button>
      <Button onClick={() => toasts.info('Nova versão disponível', { action: { label: 'Atualizar', run: () => {} } })}>
        With action
      </Button>
    </div>
  ),
}
