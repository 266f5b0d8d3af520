/**
 * The OpenAI client of the prompts module for other modules (the agents' AI
 * help of modules/assist): one provider wrapper (the official openai package, OPENAI_BASE_URL, no
 * client cached per key) and one default model for the whole app.
 */
export {
  AiProviderError,
  aiClient,
  type AiClient,
  type ChatAnswer,
  type ChatRequest,
  type ChatTurn,
} from '../services/openai_client.js'
export { DEFAULT_MODEL } from '../services/voices.js'
