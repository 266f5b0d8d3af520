/** The development demo page: an empty page that embeds the widget as a website would. */
const escape = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)

export function demoPage(key: string, name: string) {
  const k = escape(key)
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Webchat demo · ${escape(name)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem;color:#242424}</style>
</head>
<body>
<h1>Webchat demo</h1>
<p>Connection: <strong>${escape(name)}</strong>. This page is served only outside production.
Add this page's origin to the connection's allowed websites, then use the bubble at the bottom right.</p>
<script src="/channels/webchat/${k}/widget.js" data-key="${k}" async></script>
</body>
</html>`
}
