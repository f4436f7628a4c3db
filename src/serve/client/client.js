// The served page's script: xterm.js shows the screen the server draws, keys go back over the
// socket (unless the page only watches), the page reconnects when the connection drops, and the
// terminal keeps the keyboard focus. Loaded as a module; everything it loads is served locally.
import { Terminal } from './xterm.mjs';
import { FitAddon } from './addon-fit.mjs';

const body = document.body;
const layout = body.dataset.layout;
const typing = body.dataset.typing === 'yes';
const min = { cols: Number(body.dataset.minCols), rows: Number(body.dataset.minRows) };
const status = document.getElementById('status');
const message = document.getElementById('message');
const screen = document.getElementById('screen');
const BASE_FONT = 15;
const MIN_FONT = 7;

let socket;
let ended = false;
let retry = 500;
let sizeMessage = '';
let noticeTimer;

function setStatus(kind, text) {
  status.className = kind;
  status.textContent = text;
}

function showMessage() {
  const text = [sizeMessage, noticeTimer ? message.dataset.notice : ''].filter(Boolean).join(' ');
  message.textContent = text;
  message.hidden = !text;
}

/** An online panel's return address under the last words: the participant goes back there to finish. */
function showReturn(link) {
  const box = document.getElementById('return');
  const a = box.querySelector('a');
  a.href = link.href;
  a.textContent = link.text;
  box.hidden = false;
}

function notice(text, sticky) {
  clearTimeout(noticeTimer);
  message.dataset.notice = text;
  noticeTimer = sticky ? -1 : setTimeout(() => ((noticeTimer = undefined), showMessage()), 6000);
  showMessage();
}

await document.fonts.load(`${BASE_FONT}px IntentplayMono`).catch(() => undefined);
const term = new Terminal({
  fontFamily: 'IntentplayMono, monospace',
  fontSize: BASE_FONT,
  scrollback: 0,
  // No pty between: Ink's line feeds reach the terminal as they are, where a pty would add the carriage return.
  convertEol: true,
  cursorBlink: false,
  disableStdin: !typing,
  allowProposedApi: false,
  theme: { background: '#111418', foreground: '#d8dee9' },
});
const fit = new FitAddon();
term.loadAddon(fit);
term.open(document.getElementById('terminal'));
// Tests and screen readers read the screen as text.
window.intentplayScreen = () => {
  const lines = [];
  const buffer = term.buffer.active;
  for (let y = 0; y < term.rows; y++) lines.push(buffer.getLine(buffer.viewportY + y)?.translateToString(true) ?? '');
  return lines;
};

/** Fit: as many cells as the window holds, never fewer than the minimum (the page scrolls then, and says so). */
function fitToWindow() {
  const proposed = fit.proposeDimensions();
  if (!proposed) return;
  const cols = Math.max(min.cols, proposed.cols);
  const rows = Math.max(min.rows, proposed.rows);
  sizeMessage =
    proposed.cols < min.cols || proposed.rows < min.rows
      ? `This window is smaller than the screen needs (${min.cols}×${min.rows} characters): make it larger, or zoom out (Ctrl and −), to see all of it.`
      : '';
  showMessage();
  if (cols !== term.cols || rows !== term.rows) term.resize(cols, rows);
  send({ type: 'size', cols, rows });
}

/** Fixed: the server's size, with the font scaled so it fills the window. */
let fixedSize;
function scaleToWindow() {
  if (!fixedSize) return;
  if (term.cols !== fixedSize.cols || term.rows !== fixedSize.rows) term.resize(fixedSize.cols, fixedSize.rows);
  const el = term.element;
  const width = screen.clientWidth - 8;
  const height = screen.clientHeight - 8;
  let size = term.options.fontSize;
  for (let i = 0; i < 3; i++) {
    const ratio = Math.min(width / el.offsetWidth, height / el.offsetHeight);
    const next = Math.max(MIN_FONT, Math.floor(size * ratio * 10) / 10);
    if (Math.abs(next - size) < 0.1) break;
    size = next;
    term.options.fontSize = size;
  }
  sizeMessage =
    size <= MIN_FONT && (el.offsetWidth > width || el.offsetHeight > height)
      ? 'This window is too small to show the whole screen legibly: make it larger to see all of it.'
      : '';
  showMessage();
}

const relayout = () => (layout === 'fit' ? fitToWindow() : scaleToWindow());
new ResizeObserver(() => relayout()).observe(screen);

function send(msg) {
  if (socket?.readyState === WebSocket.OPEN) socket.send(JSON.stringify(msg));
}

// Keys typed while the connection is down (a network blip, the page reconnecting) wait here and
// go, in order, once it is back: before, they were dropped and a sentence arrived with a hole.
// Bounded as one message may be (the server's MAX_INPUT): past that, later keys are dropped.
const MAX_QUEUED = 4096;
let queued = '';
function sendKeys(data) {
  if (queued.length + data.length <= MAX_QUEUED) queued += data;
  sendQueued();
}
function sendQueued() {
  if (!queued || socket?.readyState !== WebSocket.OPEN) return;
  send({ type: 'in', data: queued });
  queued = '';
}

if (typing) term.onData(sendKeys);

// Browsers keep ctrl+n, ctrl+t and ctrl+w for themselves (a new window, a new tab, closing it):
// a page never receives them. alt+that letter sends the ctrl key instead, so ctrl+n ("let the
// time pass" in time and proposal scenarios) can be pressed in a browser. By the key's place
// (event.code): on a Mac, option+n is a dead key whose `key` is not "n".
const BROWSER_KEEPS = { KeyN: '\x0e', KeyT: '\x14', KeyW: '\x17' };
if (typing)
  term.attachCustomKeyEventHandler((event) => {
    const ctrl = event.altKey && !event.ctrlKey && !event.metaKey && BROWSER_KEEPS[event.code];
    if (!ctrl) return true;
    if (event.type === 'keydown') sendKeys(ctrl);
    event.preventDefault();
    return false;
  });
else document.addEventListener('keydown', () => notice('This page only watches: keys typed here go nowhere.'));

function connect() {
  const url = new URL('ws', location.href);
  url.protocol = location.protocol === 'https:' ? 'wss:' : 'ws:';
  if (layout === 'fit') {
    const proposed = fit.proposeDimensions() ?? min;
    url.searchParams.set('cols', String(Math.max(min.cols, proposed.cols)));
    url.searchParams.set('rows', String(Math.max(min.rows, proposed.rows)));
  }
  const ws = new WebSocket(url);
  socket = ws;
  ws.onopen = () => {
    retry = 500;
    setStatus('connected', 'connected');
    term.reset();
    relayout();
    sendQueued();
  };
  ws.onmessage = (event) => {
    const data = String(event.data);
    if (data[0] === 'o') return term.write(data.slice(1));
    const msg = JSON.parse(data.slice(1));
    if (msg.type === 'size') {
      fixedSize = { cols: msg.cols, rows: msg.rows };
      scaleToWindow();
    } else if (msg.type === 'notice') notice(msg.text);
    else if (msg.type === 'go') {
      ended = true;
      location.replace(location.pathname.replace(/\/t\/[^/]+\/$/, `/t/${msg.token}/`));
    } else if (msg.type === 'end') {
      ended = true;
      notice(msg.text, true);
      if (msg.link) showReturn(msg.link);
    }
  };
  ws.onclose = () => {
    if (socket !== ws) return;
    if (ended) return setStatus('closed', 'finished');
    setStatus('reconnecting', 'reconnecting…');
    setTimeout(connect, retry);
    retry = Math.min(5000, retry * 2);
  };
}

// The keyboard stays with the terminal: clicking anywhere on the page, or coming back to the window, gives it back.
const focus = () => typing && term.focus();
window.addEventListener('focus', focus);
document.addEventListener('mouseup', () => setTimeout(focus, 0));
term.textarea?.addEventListener('blur', () => setTimeout(() => document.hasFocus() && focus(), 0));
relayout();
connect();
focus();
