/**
 * The Facebook login the connections screen runs for Facebook and Instagram
 * (spec 3: JavaScript SDK 13.0; scopes for page messaging and management, and
 * Instagram's for Instagram). Only public values: the app id and the scopes.
 */
import type { ChannelConnectFlow } from '#core/module'
import { metaConfig } from './config.js'

export const FACEBOOK_SDK_VERSION = 'v13.0'

const PAGE_SCOPES = [
  'public_profile',
  'pages_show_list',
  'pages_messaging',
  'pages_manage_metadata',
  'pages_read_engagement',
  'business_management',
]
const INSTAGRAM_SCOPES = ['instagram_basic', 'instagram_manage_messages']

export function facebookLogin(addInstagram: boolean): ChannelConnectFlow {
  return {
    kind: 'facebook-login',
    endpoint: '/facebook',
    params: addInstagram ? { addInstagram: true } : {},
    settings: () => ({
      appId: metaConfig().appId,
      version: FACEBOOK_SDK_VERSION,
      scope: [...PAGE_SCOPES, ...(addInstagram ? INSTAGRAM_SCOPES : [])].join(','),
    }),
  }
}
