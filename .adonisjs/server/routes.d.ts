import '@adonisjs/core/types/http'

type ParamValue = string | number | bigint | boolean

export type ScannedRoutes = {
  ALL: {
    'auth.login': { paramsTuple?: []; params?: {} }
    'auth.refresh': { paramsTuple?: []; params?: {} }
    'auth.signup': { paramsTuple?: []; params?: {} }
    'plans.public_list': { paramsTuple?: []; params?: {} }
    'platform.version': { paramsTuple?: []; params?: {} }
    'platform.health': { paramsTuple?: []; params?: {} }
    'platform.media': { paramsTuple: [...ParamValue[]]; params: {'*': ParamValue[]} }
    'auth.me': { paramsTuple?: []; params?: {} }
    'auth.logout': { paramsTuple?: []; params?: {} }
    'auth.heartbeat': { paramsTuple?: []; params?: {} }
    'companies.list_plan': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'platform.modules': { paramsTuple?: []; params?: {} }
    'users.index': { paramsTuple?: []; params?: {} }
    'users.list': { paramsTuple?: []; params?: {} }
    'users.panel_width': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'users.show': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'users.store': { paramsTuple?: []; params?: {} }
    'users.update': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'users.destroy': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'users.media_upload': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'companies.index': { paramsTuple?: []; params?: {} }
    'companies.list': { paramsTuple?: []; params?: {} }
    'companies.list_paged': { paramsTuple?: []; params?: {} }
    'companies.show': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'companies.store': { paramsTuple?: []; params?: {} }
    'companies.update': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'companies.schedules': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'companies.destroy': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'plans.all': { paramsTuple?: []; params?: {} }
    'plans.show': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'plans.store': { paramsTuple?: []; params?: {} }
    'plans.update': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'plans.destroy': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'settings.index': { paramsTuple?: []; params?: {} }
    'settings.update': { paramsTuple: [ParamValue]; params: {'key': ParamValue} }
    'settings.show_global': { paramsTuple: [ParamValue]; params: {'key': ParamValue} }
    'settings.company_settings': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'settings.company_setting_one': { paramsTuple?: []; params?: {} }
    'settings.update_company_settings': { paramsTuple?: []; params?: {} }
    'event_stream': { paramsTuple?: []; params?: {} }
    'subscribe': { paramsTuple?: []; params?: {} }
    'unsubscribe': { paramsTuple?: []; params?: {} }
  }
  POST: {
    'auth.login': { paramsTuple?: []; params?: {} }
    'auth.refresh': { paramsTuple?: []; params?: {} }
    'auth.signup': { paramsTuple?: []; params?: {} }
    'auth.heartbeat': { paramsTuple?: []; params?: {} }
    'users.store': { paramsTuple?: []; params?: {} }
    'users.media_upload': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'companies.store': { paramsTuple?: []; params?: {} }
    'plans.store': { paramsTuple?: []; params?: {} }
    'subscribe': { paramsTuple?: []; params?: {} }
    'unsubscribe': { paramsTuple?: []; params?: {} }
  }
  GET: {
    'plans.public_list': { paramsTuple?: []; params?: {} }
    'platform.version': { paramsTuple?: []; params?: {} }
    'platform.health': { paramsTuple?: []; params?: {} }
    'platform.media': { paramsTuple: [...ParamValue[]]; params: {'*': ParamValue[]} }
    'auth.me': { paramsTuple?: []; params?: {} }
    'companies.list_plan': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'platform.modules': { paramsTuple?: []; params?: {} }
    'users.index': { paramsTuple?: []; params?: {} }
    'users.list': { paramsTuple?: []; params?: {} }
    'users.show': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'companies.index': { paramsTuple?: []; params?: {} }
    'companies.list': { paramsTuple?: []; params?: {} }
    'companies.list_paged': { paramsTuple?: []; params?: {} }
    'companies.show': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'plans.all': { paramsTuple?: []; params?: {} }
    'plans.show': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'settings.index': { paramsTuple?: []; params?: {} }
    'settings.show_global': { paramsTuple: [ParamValue]; params: {'key': ParamValue} }
    'settings.company_settings': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'settings.company_setting_one': { paramsTuple?: []; params?: {} }
    'event_stream': { paramsTuple?: []; params?: {} }
  }
  HEAD: {
    'plans.public_list': { paramsTuple?: []; params?: {} }
    'platform.version': { paramsTuple?: []; params?: {} }
    'platform.health': { paramsTuple?: []; params?: {} }
    'platform.media': { paramsTuple: [...ParamValue[]]; params: {'*': ParamValue[]} }
    'auth.me': { paramsTuple?: []; params?: {} }
    'companies.list_plan': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'platform.modules': { paramsTuple?: []; params?: {} }
    'users.index': { paramsTuple?: []; params?: {} }
    'users.list': { paramsTuple?: []; params?: {} }
    'users.show': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'companies.index': { paramsTuple?: []; params?: {} }
    'companies.list': { paramsTuple?: []; params?: {} }
    'companies.list_paged': { paramsTuple?: []; params?: {} }
    'companies.show': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'plans.all': { paramsTuple?: []; params?: {} }
    'plans.show': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'settings.index': { paramsTuple?: []; params?: {} }
    'settings.show_global': { paramsTuple: [ParamValue]; params: {'key': ParamValue} }
    'settings.company_settings': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'settings.company_setting_one': { paramsTuple?: []; params?: {} }
    'event_stream': { paramsTuple?: []; params?: {} }
  }
  DELETE: {
    'auth.logout': { paramsTuple?: []; params?: {} }
    'users.destroy': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'companies.destroy': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'plans.destroy': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
  }
  PUT: {
    'users.panel_width': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'users.update': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'companies.update': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'companies.schedules': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'plans.update': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'settings.update': { paramsTuple: [ParamValue]; params: {'key': ParamValue} }
    'settings.update_company_settings': { paramsTuple?: []; params?: {} }
  }
}
declare module '@adonisjs/core/types/http' {
  export interface RoutesList extends ScannedRoutes {}
}