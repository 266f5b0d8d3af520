import type { Meta, StoryObj } from '@storybook/react-vite'
import { Button } from '@fluentui/react-components'
import { EmptyState } from './EmptyState.js'
import { ErrorState } from './ErrorState.js'
import { Page } from './Page.js'
import { ApiError } from '../api/errors.js'

const meta: Meta = { title: 'Kit/States' }
export default meta

export const Empty: StoryObj = { render: () => <EmptyState /> }
export const EmptyWithText: StoryObj = {
  render: () => <EmptyState title="Nenhuma fatura em aberto." hint="Quando houver faturas, elas aparecerão aqui." />,
}
export const ErrorWithRetry: StoryObj = {
  render: () => <ErrorState error={new ApiError(500, 'ERR_INTERNAL', 'Ocorreu um erro interno.')} onRetry={() => {}} />,
}
export const PageFrame: StoryObj = {
  render: () => (
    <Page title="Usuários" count={12} actions={<Button appearance="primary">Adicionar</Button>}>
      <EmptyState />
    </Page>
  ),
}
export const DarkError: StoryObj = {
  render: () => <ErrorState error={new Error('Falha de rede')} />,
  globals: { theme: 'dark' },
}
