/*
 * Balcão website chat widget. Embedded with
 *   <script src="https://<product>/channels/webchat/<key>/widget.js" data-key="<key>" async></script>
 * No framework, no dependency: a bubble and a panel in a shadow root (the
 * host page's styles never reach it). The visitor token is kept in
 * localStorage so the conversation survives a reload; replies arrive over SSE.
 */
;(function () {
  'use strict'
  var me = document.currentScript || document.querySelector('script[data-key][src*="/channels/webchat/"]')
  if (!me || !me.src) return
  var src = new URL(me.src, location.href)
  var key = me.getAttribute('data-key') || (src.pathname.match(/\/channels\/webchat\/([^/]+)\/widget\.js$/) || [])[1]
  if (!key || window['__balcaoWebchat' + key]) return
  window['__balcaoWebchat' + key] = true
  var api = src.origin + '/channels/webchat/' + encodeURIComponent(key)
  var store = 'balcao-webchat:' + key

  var T = {
    pt: { title: 'Fale conosco', placeholder: 'Escreva uma mensagem…', send: 'Enviar', start: 'Começar conversa',
      name: 'Nome', email: 'E-mail', optional: '(opcional)', attach: 'Anexar imagem ou PDF', tooBig: 'Arquivo grande demais (máx. 10 MB).', badType: 'Envie uma imagem (PNG, JPG, GIF, WebP) ou um PDF.', open: 'Abrir o chat', close: 'Fechar o chat',
      hello: 'Olá! Como podemos ajudar?', error: 'Não foi possível enviar. Tente de novo.', required: 'Preencha os campos obrigatórios.',
      busy: 'Muitas mensagens seguidas. Aguarde um pouco.' },
    en: { title: 'Chat with us', placeholder: 'Write a message…', send: 'Send', start: 'Start chat',
      name: 'Name', email: 'E-mail', optional: '(optional)', attach: 'Attach an image or PDF', tooBig: 'File too large (max. 10 MB).', badType: 'Send an image (PNG, JPG, GIF, WebP) or a PDF.', open: 'Open the chat', close: 'Close the chat',
      hello: 'Hi! How can we help?', error: 'Could not send. Please try again.', required: 'Fill in the required fields.',
      busy: 'Too many messages in a row. Please wait a moment.' },
    es: { title: 'Habla con nosotros', placeholder: 'Escribe un mensaje…', send: 'Enviar', start: 'Empezar la conversación',
      name: 'Nombre', email: 'Correo', optional: '(opcional)', attach: 'Adjuntar imagen o PDF', tooBig: 'Archivo demasiado grande (máx. 10 MB).', badType: 'Envía una imagen (PNG, JPG, GIF, WebP) o un PDF.', open: 'Abrir el chat', close: 'Cerrar el chat',
      hello: '¡Hola! ¿Cómo podemos ayudar?', error: 'No se pudo enviar. Inténtalo de nuevo.', required: 'Completa los campos obligatorios.',
      busy: 'Demasiados mensajes seguidos. Espera un momento.' }
  }
  var lang = String(me.getAttribute('data-lang') || document.documentElement.lang || navigator.language || 'en').slice(0, 2)
  var t = T[lang] || T.en

  var config = { title: null, preChat: { name: 'off', email: 'off' } }
  var token = null
  try { token = localStorage.getItem(store) } catch (e) { /* storage blocked: the chat lasts for the page */ }
  var seen = {}
  var lastId = 0
  var source = null
  var loaded = false

  function call(method, path, body) {
    var headers = {}
    if (body) headers['content-type'] = 'application/json'
    if (token) headers['x-webchat-visitor'] = token
    return fetch(api + path, { method: method, headers: headers, body: body ? JSON.stringify(body) : undefined, credentials: 'omit' })
      .then(function (r) {
        return r.text().then(function (text) {
          var data = null
          try { data = text ? JSON.parse(text) : null } catch (e) { data = null }
          if (!r.ok) throw { status: r.status, data: data }
          return data
        })
      })
  }

  var host = document.createElement('div')
  host.setAttribute('data-balcao-webchat', '')
  var root = host.attachShadow ? host.attachShadow({ mode: 'open' }) : host
  root.innerHTML =
    '<style>' +
    ':host{all:initial}*{box-sizing:border-box;font-family:"Segoe UI",system-ui,-apple-system,sans-serif}[hidden]{display:none!important}' +
    '.bubble{position:fixed;right:20px;bottom:20px;width:56px;height:56px;border-radius:50%;border:0;background:#0f6cbd;color:#fff;' +
    'box-shadow:0 4px 14px rgba(0,0,0,.25);cursor:pointer;z-index:2147483000;display:flex;align-items:center;justify-content:center}' +
    '.dot{position:absolute;top:2px;right:2px;width:14px;height:14px;border-radius:50%;background:#c50f1f;border:2px solid #fff}' +
    '.bubble:focus-visible,button:focus-visible,input:focus-visible,textarea:focus-visible{outline:2px solid #000;outline-offset:2px}' +
    '.panel{position:fixed;right:20px;bottom:88px;width:360px;height:520px;max-height:calc(100vh - 108px);background:#fff;border-radius:12px;' +
    'box-shadow:0 8px 32px rgba(0,0,0,.25);display:none;flex-direction:column;overflow:hidden;z-index:2147483000;color:#242424;font-size:14px}' +
    '.panel.open{display:flex}' +
    '.head{background:#0f6cbd;color:#fff;padding:14px 16px;display:flex;align-items:center;justify-content:space-between;font-weight:600;font-size:16px}' +
    '.head button{background:transparent;border:0;color:#fff;font-size:22px;line-height:1;cursor:pointer;padding:0 4px}' +
    '.list{flex:1;overflow-y:auto;padding:12px;display:flex;flex-direction:column;gap:6px;background:#f5f5f5}' +
    '.msg{max-width:80%;padding:8px 12px;border-radius:12px;white-space:pre-wrap;word-wrap:break-word;line-height:1.4}' +
    '.in{align-self:flex-start;background:#fff;border:1px solid #e0e0e0}' +
    '.out{align-self:flex-end;background:#0f6cbd;color:#fff}.out.pending{opacity:.6}' +
    '.note{align-self:center;color:#616161;font-size:13px;text-align:center}' +
    '.err{color:#b10e1c;font-size:13px;padding:4px 12px;min-height:0}' +
    'form.compose{display:flex;gap:8px;padding:10px;border-top:1px solid #e0e0e0;background:#fff}' +
    'textarea{flex:1;resize:none;border:1px solid #d1d1d1;border-radius:8px;padding:8px;font-size:14px;height:40px;color:#242424}' +
    'button.attach{background:transparent;border:0;color:#616161;cursor:pointer;padding:0 4px;min-height:40px;display:flex;align-items:center}' +
    '.msg img{display:block;max-width:100%;max-height:220px;border-radius:8px}.msg a{color:inherit}' +
    'button.primary{background:#0f6cbd;color:#fff;border:0;border-radius:8px;padding:0 14px;font-size:14px;font-weight:600;cursor:pointer;min-height:40px}' +
    'form.pre{padding:16px;display:flex;flex-direction:column;gap:10px;flex:1}' +
    'form.pre label{display:flex;flex-direction:column;gap:4px;font-size:13px;color:#424242}' +
    'form.pre input{border:1px solid #d1d1d1;border-radius:8px;padding:8px;font-size:14px;color:#242424}' +
    '@media (max-width:480px){.panel{right:0;bottom:0;width:100vw;height:100%;max-height:100%;border-radius:0}}' +
    '</style>' +
    '<button class="bubble" type="button" part="bubble"><svg width="28" height="28" viewBox="0 0 24 24" fill="currentColor" aria-hidden="true">' +
    '<path d="M12 3C6.5 3 2 6.9 2 11.7c0 2.6 1.3 4.9 3.4 6.5L4.6 22l4.3-2.3c1 .3 2 .4 3.1.4 5.5 0 10-3.9 10-8.7S17.5 3 12 3z"/></svg><span class="dot" hidden></span></button>' +
    '<section class="panel" role="dialog" aria-modal="false">' +
    '<div class="head"><span class="title"></span><button type="button" class="close">×</button></div>' +
    '<form class="pre" hidden></form>' +
    '<div class="list" aria-live="polite"></div><div class="err" role="alert"></div>' +
    '<form class="compose"><button type="button" class="attach"><svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" aria-hidden="true">' +
    '<path d="M21 11.5l-8.5 8.5a5 5 0 01-7-7L14 4.5a3.3 3.3 0 014.7 4.7l-8.6 8.6a1.7 1.7 0 01-2.4-2.4L15.5 7.6"/></svg></button>' +
    '<input type="file" hidden accept="image/png,image/jpeg,image/gif,image/webp,application/pdf">' +
    '<textarea rows="1" maxlength="4000"></textarea><button class="primary" type="submit"></button></form>' +
    '</section>'

  function $(sel) { return root.querySelector(sel) }
  var bubble = $('.bubble'), panel = $('.panel'), list = $('.list'), err = $('.err')
  var pre = $('form.pre'), compose = $('form.compose'), input = $('textarea')
  var attach = $('button.attach'), picker = $('input[type=file]')
  attach.setAttribute('aria-label', t.attach)
  attach.setAttribute('title', t.attach)
  bubble.setAttribute('aria-label', t.open)
  $('.close').setAttribute('aria-label', t.close)
  input.setAttribute('placeholder', t.placeholder)
  input.setAttribute('aria-label', t.placeholder)
  compose.querySelector('button.primary').textContent = t.send
  panel.setAttribute('aria-label', t.title)

  function add(text, cls, media) {
    var el = document.createElement('div')
    el.className = 'msg ' + cls
    el.setAttribute('data-body', text)
    if (media && media.mediaUrl) {
      var url = src.origin + media.mediaUrl
      if (media.mediaType === 'image') {
        var img = document.createElement('img')
        img.src = url
        img.alt = text
        el.appendChild(img)
      } else {
        var a = document.createElement('a')
        a.href = url
        a.target = '_blank'
        a.rel = 'noopener noreferrer'
        a.textContent = '📎 ' + (text || 'PDF')
        el.appendChild(a)
      }
    } else {
      el.textContent = text
    }
    list.appendChild(el)
    list.scrollTop = list.scrollHeight
    return el
  }

  function show(m, live) {
    if (seen[m.id]) return
    seen[m.id] = true
    // an answer while the panel is closed: a dot on the bubble until it opens
    if (live && m.fromMe && !panel.classList.contains('open')) $('.dot').hidden = false
    lastId = Math.max(lastId, m.id)
    if (!m.fromMe) {
      // the visitor's own message, already on screen while it was being sent
      var pending = list.querySelectorAll('.out.pending')
      for (var i = 0; i < pending.length; i++) {
        if (pending[i].getAttribute('data-body') === m.body) {
          if (m.mediaUrl) { list.replaceChild(add(m.body, 'out', m), pending[i]); return }
          pending[i].className = 'msg out'
          return
        }
      }
    }
    add(m.deleted ? '—' : m.body || (m.mediaType ? '📎' : ''), m.fromMe ? 'in' : 'out', m)
  }

  function listen() {
    if (source || !token || !window.EventSource) return
    source = new EventSource(api + '/stream?visitor=' + encodeURIComponent(token) + '&after=' + lastId)
    source.addEventListener('message', function (e) {
      try { show(JSON.parse(e.data), true) } catch (x) { /* a malformed event is skipped */ }
    })
  }

  function forget() {
    token = null
    try { localStorage.removeItem(store) } catch (e) { /* ignore */ }
    if (source) { source.close(); source = null }
  }

  function history() {
    if (!token) return Promise.resolve()
    return call('GET', '/messages?after=' + lastId).then(function (r) {
      r.messages.forEach(function (m) { show(m) })
      listen()
    }, function (e) { if (e && e.status === 401) forget() })
  }

  function needsForm() {
    return !token && (config.preChat.name !== 'off' || config.preChat.email !== 'off')
  }

  function field(name, type, ask) {
    if (ask === 'off') return ''
    return '<label>' + t[name] + (ask === 'optional' ? ' ' + t.optional : ' *') +
      '<input name="' + name + '" type="' + type + '" maxlength="' + (name === 'email' ? 254 : 100) + '"' +
      (ask === 'required' ? ' required' : '') + (name === 'email' ? ' autocomplete="email"' : ' autocomplete="name"') + '></label>'
  }

  function render() {
    $('.title').textContent = config.title || t.title
    var form = needsForm()
    pre.hidden = !form
    list.hidden = form
    compose.hidden = form
    if (form && !pre.innerHTML) {
      pre.innerHTML = '<p class="note" style="align-self:flex-start">' + t.hello + '</p>' +
        field('name', 'text', config.preChat.name) + field('email', 'email', config.preChat.email) +
        '<button class="primary" type="submit">' + t.start + '</button>'
    }
    if (!form && !list.querySelector('.note')) {
      // the greeting stays on top of a history loaded before the panel opened
      var hello = add(t.hello, 'note')
      list.insertBefore(hello, list.firstChild)
    }
  }

  function session(extra) {
    if (token) return Promise.resolve()
    return call('POST', '/session', extra || {}).then(function (r) {
      token = r.visitor
      try { localStorage.setItem(store, token) } catch (e) { /* ignore */ }
      listen()
    })
  }

  function fail(e) {
    err.textContent = e && e.status === 429 ? t.busy : e && e.status === 422 ? t.required : t.error
  }

  pre.addEventListener('submit', function (e) {
    e.preventDefault()
    err.textContent = ''
    var data = {}
    ;['name', 'email'].forEach(function (n) {
      var el = pre.querySelector('input[name="' + n + '"]')
      if (el && el.value.trim()) data[n] = el.value.trim()
    })
    session(data).then(function () { render(); input.focus() }, fail)
  })

  compose.addEventListener('submit', function (e) {
    e.preventDefault()
    var body = input.value.trim()
    if (!body) return
    err.textContent = ''
    input.value = ''
    var el = add(body, 'out pending')
    var clientId = (window.crypto && crypto.randomUUID) ? crypto.randomUUID() : String(Date.now()) + Math.random().toString(36).slice(2)
    session().then(function () {
      return call('POST', '/messages', { body: body, clientId: clientId })
    }).catch(function (x) {
      if (x && x.status === 401) forget()
      el.remove()
      input.value = body
      fail(x)
    })
  })

  attach.addEventListener('click', function () { picker.click() })
  picker.addEventListener('change', function () {
    var file = picker.files && picker.files[0]
    picker.value = ''
    if (!file) return
    err.textContent = ''
    if (file.size > 10 * 1024 * 1024) { err.textContent = t.tooBig; return }
    var el = add(file.name, 'out pending')
    el.textContent = '📎 ' + file.name
    session().then(function () {
      var form = new FormData()
      form.append('file', file)
      return fetch(api + '/attachments', { method: 'POST', headers: { 'x-webchat-visitor': token }, body: form, credentials: 'omit' })
        .then(function (r) { if (!r.ok) throw { status: r.status } })
    }).catch(function (x) {
      el.remove()
      err.textContent = x && x.status === 413 ? t.tooBig : x && x.status === 422 ? t.badType : t.error
    })
  })

  input.addEventListener('keydown', function (e) {
    if (e.key === 'Enter' && !e.shiftKey) { e.preventDefault(); compose.requestSubmit ? compose.requestSubmit() : compose.dispatchEvent(new Event('submit')) }
  })

  function toggle(open) {
    panel.classList.toggle('open', open)
    bubble.setAttribute('aria-expanded', String(open))
    if (open) {
      $('.dot').hidden = true
      render()
      if (!loaded) { loaded = true; history() }
      if (!needsForm()) input.focus()
    }
  }
  bubble.addEventListener('click', function () { toggle(!panel.classList.contains('open')) })
  $('.close').addEventListener('click', function () { toggle(false); bubble.focus() })
  panel.addEventListener('keydown', function (e) { if (e.key === 'Escape') { toggle(false); bubble.focus() } })

  call('GET', '/config').then(function (c) {
    config = c
    ;(document.body || document.documentElement).appendChild(host)
    // a returning visitor: their history loads and replies stream in even while the panel is closed
    if (token) history()
    loaded = Boolean(token)
  }, function () { /* not allowed on this site: no bubble */ })
})()
