/**
 * A chatbot option as the queues API sends and takes it (GET /queue, PUT /queue/:id).
 * No imports: the tree logic built on it (chatbotTree.ts) runs in the unit tests too.
 */
export const CHATBOT_TYPES = ['text', 'attendent', 'queue', 'integration', 'file'] as const
export type ChatbotType = (typeof CHATBOT_TYPES)[number]

export interface ChatbotOption {
  id?: number
  name: string
  queueType: ChatbotType
  greetingMessage: string | null
  closeTicket: boolean
  optUserId: number | null
  optQueueId: number | null
  optIntegrationId: number | null
  optFileId: number | null
  options: ChatbotOption[]
}
