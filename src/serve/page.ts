/** The one page every token opens: the terminal, the title, a connection indicator and a line for notices. */
import { MIN_SIZE } from './limits.ts';
import type { Door } from './server.ts';

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

export function pageHtml(door: Door): string {
  const title = escapeHtml(door.title);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<link rel="icon" href="data:,">
<title>${title}</title>
<link rel="stylesheet" href="assets/xterm.css">
<link rel="stylesheet" href="assets/page.css">
<script type="module" src="assets/client.js"></script>
</head>
<body data-layout="${door.layout}" data-typing="${door.typing ? 'yes' : 'no'}" data-min-cols="${MIN_SIZE.cols}" data-min-rows="${MIN_SIZE.rows}">
<header>
<h1 id="title">${title}</h1>
<span id="role">${door.typing ? '' : 'watching (read-only)'}</span>
<span id="status" class="connecting" role="status" aria-live="polite">connecting…</span>
</header>
<main id="screen"><div id="terminal"></div></main>
<p id="message" role="alert" hidden></p>
<p id="return" hidden><a rel="noreferrer"></a></p>
</body>
</html>
`;
}
