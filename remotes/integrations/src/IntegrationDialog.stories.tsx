import type { Meta, StoryObj } from '@storybook/react-vite'
import { registerTranslations } from './i18n/register.js'
import { IntegrationDialog, type Integration } from './IntegrationsPage.js'

registerTranslations()

/** as GET /queueIntegration answers: secrets only as masks (the credentials by their account e-mail) */
const base: Integration = {
  id: 1,
  type: 'n8n',
  name: 'Pedidos n8n',
  projectName: 'Pedidos n8n',
  jsonContent: null,
  credentialsEmail: null,
  language: 'pt-BR',
  urlN8N: 'https://n8n.loja.example/webhook/pedidos',
  secret: '••••b21e',
  typebotSlug: null,
  typebotExpires: 1,
  typebotDelayMessage: 1000,
  typebotKeywordFinish: null,
  typebotKeywordRestart: null,
  typebotRestartMessage: null,
  typebotUnknownMessage: null,
}

const meta: Meta<typeof IntegrationDialog> = {
  title: 'Integrations/IntegrationDialog',
  component: IntegrationDialog,
  args: { item: null, onClose: () => {}, onSaved: () => {} },
}
export default meta
type Story = StoryObj<typeof IntegrationDialog>

/** a new integration: n8n, with a fresh signing secret to copy before saving */
export const New: Story = {}
/** n8n: URL and signing secret (kept unless a new one is typed) */
export const N8n: Story = { args: { item: base } }
export const Webhook: Story = {
  args: {
    item: { ...base, id: 2, type: 'webhook', name: 'ERP', urlN8N: 'https://erp.loja.example/hooks/balcao' },
  },
}
/** Typebot: URL, slug and the session's options; no signing secret */
export const Typebot: Story = {
  args: {
    item: {
      ...base,
      id: 3,
      type: 'typebot',
      name: 'Triagem',
      urlN8N: 'https://typebot.loja.example',
      secret: null,
      typebotSlug: 'triagem-atendimento',
      typebotExpires: 30,
      typebotDelayMessage: 1500,
      typebotKeywordFinish: 'sair',
      typebotKeywordRestart: 'menu',
      typebotRestartMessage: 'Vamos recomeçar.',
      typebotUnknownMessage: 'Não entendi, escolha uma das opções.',
    },
  },
}
/** Dialogflow: project, credentials kept (their account e-mail), language and the test button */
export const Dialogflow: Story = {
  args: {
    item: {
      ...base,
      id: 4,
      type: 'dialogflow',
      name: 'Agente FAQ',
      projectName: 'faq-loja-centro',
      jsonContent: '••••',
      credentialsEmail: 'balcao@faq-loja-centro.iam.gserviceaccount.com',
      urlN8N: null,
      secret: null,
    },
  },
}
/** Dialogflow without stored credentials: the JSON is required */
export const DialogflowWithoutCredentials: Story = {
  args: {
    item: {
      ...base,
      id: 5,
      type: 'dialogflow',
      name: 'Agente novo',
      projectName: 'agente-novo',
      urlN8N: null,
      secret: null,
    },
  },
}
export const Dark: Story = { args: { item: base }, globals: { theme: 'dark' } }
