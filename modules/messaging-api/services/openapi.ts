/** The OpenAPI 3.1 document of the public messaging API, served with the caller's own host. */
import { perMinute } from './limits.js'
import { MAX_FILES, MAX_FILE_MB } from './media.js'

const error = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
})

export function openApiDocument(host: string) {
  const fields = {
    number: {
      type: 'string',
      pattern: '^\\d{8,20}$',
      example: '5511999999999',
      description: 'Digits only: country code, area code, number',
    },
    body: { type: 'string', maxLength: 65536, description: 'Text; the caption of the first file in multipart calls' },
    userId: { type: 'integer', description: 'Agent who takes the ticket (opened for them unless closeTicket)' },
    queueId: { type: 'integer', description: 'Queue of the ticket' },
    sendSignature: { type: 'boolean', description: "Prefix the agent's name (needs userId)" },
    closeTicket: { type: 'boolean', description: 'Close the ticket after sending, without farewell' },
    noRegister: { type: 'boolean', description: 'Send only: no contact, ticket or message is stored' },
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Balcão messaging API',
      version: '1.0.0',
      description:
        `Send WhatsApp (or any channel) messages through a connection. Authenticate with the connection's token ` +
        `(Authorization: Bearer <token>). The company's plan must include the external API. ` +
        `Limit: ${perMinute()} calls per minute per token (429 with Retry-After).`,
    },
    servers: [{ url: host }],
    components: {
      securitySchemes: {
        connectionToken: { type: 'http', scheme: 'bearer', description: '30-character connection token' },
      },
      schemas: {
        Error: {
          type: 'object',
          required: ['error', 'message'],
          properties: {
            error: { type: 'string', example: 'ERR_API_NUMBER_INVALID' },
            message: { type: 'string' },
            fields: { type: 'array', items: { type: 'object' } },
          },
        },
        SendAnswer: {
          type: 'object',
          properties: {
            status: { type: 'string', const: 'SUCCESS' },
            messageId: { type: ['integer', 'null'] },
            ticketId: { type: ['integer', 'null'] },
            messageIds: { type: 'array', items: { type: 'integer' } },
            requestId: { type: 'integer', description: 'noRegister calls only' },
          },
        },
      },
    },
    security: [{ connectionToken: [] }],
    paths: {
      '/api/messages/send': {
        post: {
          summary: 'Send a message',
          parameters: [
            {
              name: 'Idempotency-Key',
              in: 'header',
              required: false,
              schema: { type: 'string', maxLength: 200 },
              description: 'The same key within 24 h returns the first answer and never sends twice',
            },
          ],
          requestBody: {
            required: true,
            content: {
              'application/json': { schema: { type: 'object', required: ['number', 'body'], properties: fields } },
              'multipart/form-data': {
                schema: {
                  type: 'object',
                  required: ['number', 'medias'],
                  properties: {
                    ...fields,
                    medias: {
                      type: 'array',
                      maxItems: MAX_FILES,
                      items: { type: 'string', format: 'binary' },
                      description: `Up to ${MAX_FILES} files of ${MAX_FILE_MB} MB: images, audio, video, PDF, office documents, text`,
                    },
                  },
                },
              },
            },
          },
          responses: {
            '202': {
              description: 'Queued for sending',
              content: { 'application/json': { schema: { $ref: '#/components/schemas/SendAnswer' } } },
            },
            '401': error('ERR_API_INVALID_TOKEN: missing or unknown token'),
            '402': error('ERR_COMPANY_INACTIVE / ERR_SUBSCRIPTION_EXPIRED'),
            '403': error('ERR_PLAN_FEATURE_DISABLED: the plan has no external API'),
            '409': error('ERR_OTHER_OPEN_TICKET: another agent holds the contact’s ticket'),
            '413': error('ERR_API_MEDIA_TOO_LARGE'),
            '422': error(
              'ERR_API_NUMBER_INVALID, ERR_API_MESSAGE_EMPTY, ERR_API_MEDIA_TYPE, ERR_VALIDATION, ERR_NO_USER_FOUND, ERR_NO_QUEUE_FOUND, ERR_API_IDEMPOTENCY_MISMATCH'
            ),
            '429': error('ERR_TOO_MANY_REQUESTS (see Retry-After)'),
          },
        },
      },
      '/api/messages/{id}': {
        get: {
          summary: 'Delivery status of a message sent through the API',
          parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer' } }],
          responses: {
            '200': {
              description: 'Status',
              content: {
                'application/json': {
                  schema: {
                    type: 'object',
                    properties: {
                      messageId: { type: 'integer' },
                      ticketId: { type: 'integer' },
                      status: { enum: ['queued', 'sent', 'delivered', 'read', 'played', 'failed'] },
                      ack: { type: 'integer' },
                      error: { type: ['string', 'null'] },
                    },
                  },
                },
              },
            },
            '401': error('ERR_API_INVALID_TOKEN'),
            '404': error('ERR_NO_API_MESSAGE_FOUND'),
          },
        },
      },
    },
    webhooks: {
      event: {
        post: {
          summary: 'Outgoing webhook (message.received, message.status, ticket.created, ticket.closed)',
          description:
            'Headers x-balcao-event, x-balcao-delivery, x-balcao-timestamp and x-balcao-signature = ' +
            'sha256=HMAC_SHA256(secret, `${timestamp}.${rawBody}`). Answer 2xx; anything else is retried with backoff.',
          responses: { '200': { description: 'Received' } },
        },
      },
    },
  }
}
