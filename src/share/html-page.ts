/** The HTML replay's style and script, inlined into every page (no network). */

export const PAGE_STYLE = `
:root{--bg:#fff;--fg:#1f2328;--muted:#6e7781;--line:#d0d7de;--user:#0969da;--agent:#8250df;--event:#9a6700;--ok:#1a7f37;--bad:#cf222e;--inferred:#0e7490;--provided:#9a6700;--fresh:#fff8c5}
@media (prefers-color-scheme:dark){:root{--bg:#0d1117;--fg:#e6edf3;--muted:#8d96a0;--line:#30363d;--user:#4493f8;--agent:#a371f7;--event:#d29922;--ok:#3fb950;--bad:#f85149;--inferred:#39c5cf;--provided:#d29922;--fresh:#3d3000}}
*{box-sizing:border-box}
body{margin:0;font:14px/1.45 system-ui,-apple-system,"Segoe UI",sans-serif;background:var(--bg);color:var(--fg);height:100vh;display:flex;flex-direction:column;overflow-wrap:anywhere}
header{padding:8px 14px;border-bottom:1px solid var(--line)}
h1{font-size:17px;margin:0 0 4px}
#finals{display:flex;gap:18px;flex-wrap:wrap;color:var(--muted);margin-bottom:6px}
#finals b{color:var(--fg)}
nav{display:flex;align-items:center;gap:6px}
nav button{font:inherit;min-width:32px;padding:2px 6px;border:1px solid var(--line);border-radius:6px;background:transparent;color:inherit;cursor:pointer}
#scrub{flex:1}
#turn{font-variant-numeric:tabular-nums;min-width:110px;text-align:right}
#keys{color:var(--muted);margin-top:4px}
main{flex:1;display:flex;gap:10px;padding:10px;min-height:0}
.session{flex:1;display:flex;flex-direction:column;min-width:0;min-height:0}
.session-head{margin-bottom:6px;min-height:22px}
.session-head .label{font-weight:700;padding:1px 6px;border-radius:4px;background:var(--fg);color:var(--bg)}
.single .session-head .label,.single .session-head .agent{display:none}
.callout{font-weight:700;color:var(--event)}
.panes{flex:1;display:grid;grid-template-columns:2fr 1.3fr 1fr 1fr;grid-auto-flow:column;gap:10px;min-height:0}
.panes:has(> :nth-child(5)){grid-template-columns:2fr 1.3fr 1fr 1fr 1.2fr}
.update,.reminder{margin:6px 0}
.panes:has(> .pane-phone){grid-template-columns:1.7fr 1.3fr 1fr 1fr 1fr}
.phone-status{color:var(--muted);font-size:12px;margin-bottom:6px}.phone-status.executing{color:var(--event);font-weight:700}
.phone-screen{border:2px solid var(--line);border-radius:14px;padding:8px 10px;font-size:13px;overflow-wrap:anywhere}
.screen-title{font-weight:700;color:var(--agent);margin-bottom:2px}.screen-actions{color:var(--muted);font-size:12px;margin-top:4px}
.phone-note,.phone-move{margin:3px 0;font-size:13px}.phone-note.noise{opacity:.6}.phone-move.bad{color:var(--bad)}
.proposal-card{margin:6px 0;padding:4px 8px;border:1px solid var(--line);border-left:4px solid var(--event);border-radius:6px}
.proposal-card.accepted{border-left-color:var(--ok)}.proposal-card.rejected{border-left-color:var(--bad)}
.proposal-card.accepted .badge,.msg.proposal.accepted .about{color:var(--ok)}.proposal-card.rejected .badge,.msg.proposal.rejected .about{color:var(--bad)}.proposal-card.waiting .badge{color:var(--event)}
.msg.proposal{border-left:3px solid var(--agent);padding-left:6px}
@media (max-width:900px){body{height:auto}main,.session{display:block}.panes,.versus .panes{display:block}.pane{height:60vh;margin-bottom:10px}}.update.future{opacity:.6}
.versus .panes{grid-template-columns:1fr;grid-template-rows:3fr 2fr}
.pane{border:1px solid var(--line);border-radius:8px;display:flex;flex-direction:column;min-height:0;min-width:0}
.pane h2{font-size:13px;margin:0;padding:6px 10px;border-bottom:1px solid var(--line)}
.pane h2 .info{font-weight:400;color:var(--muted)}
.body{overflow:auto;padding:6px 10px;flex:1}
.part{content-visibility:auto;contain-intrinsic-size:auto 120px}
.turn-head{color:var(--muted);border-top:1px dashed var(--line);margin:8px 0 4px;font-size:12px}
.msg{margin:4px 0}.msg .who{font-weight:700;margin-right:6px}.msg .text{white-space:pre-wrap;overflow-wrap:anywhere}
.msg.user .who{color:var(--user)}.msg.agent .who{color:var(--agent)}.msg.event .who{color:var(--event)}.msg.monitor .who{color:var(--inferred)}
.msg .at{color:var(--muted);font-size:12px}
.about,.why{color:var(--muted);font-size:12px;font-style:italic}
.tool summary{cursor:pointer;color:var(--muted);white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
.tool .name{color:var(--fg);font-weight:600}
pre{white-space:pre-wrap;overflow-wrap:anywhere;font-size:12px;margin:2px 0 6px}
.ok{color:var(--ok)}.bad{color:var(--bad)}
.notice{color:var(--event)}.notice.error{color:var(--bad)}
.intent,.check{margin:6px 0;padding:4px 6px;border-radius:6px}
.badge{font-weight:700;font-size:12px;padding:0 5px;border-radius:4px;border:1px solid currentColor}
.completed .badge,.check.pass .badge{color:var(--ok)}.inferred .badge{color:var(--inferred)}.provided .badge,.check.ungraded .badge{color:var(--provided)}
.unresolved .badge,.check.fail .badge{color:var(--bad)}.open .badge,.check.pending .badge{color:var(--muted)}
.fresh{background:var(--fresh);animation:flash 1.6s ease-out}
@keyframes flash{from{outline:3px solid var(--event)}to{outline:3px solid transparent}}
.diff .add{color:var(--ok)}.diff .del{color:var(--bad)}.diff .hunk{color:var(--inferred)}
.file summary{cursor:pointer;font-family:ui-monospace,monospace;font-size:12px}
`;

// Plain ES5-style script: it runs from file:// in any browser, with no module loading.
export const PAGE_SCRIPT = `
(function () {
  'use strict';
  var data = JSON.parse(document.getElementById('replay-data').textContent);
  var pool = data.pool;
  var maxTurn = 0, changes = {};
  data.sessions.forEach(function (s) { maxTurn = Math.max(maxTurn, s.lastTurn); s.changeTurns.forEach(function (t) { changes[t] = true; }); });
  var changeTurns = Object.keys(changes).map(Number).sort(function (a, b) { return a - b; });
  var $ = function (id) { return document.getElementById(id); };
  var scrub = $('scrub'), label = $('turn'), playButton = $('play');
  scrub.max = String(maxTurn);
  var ticks = document.createElement('datalist');
  ticks.id = 'change-ticks';
  changeTurns.forEach(function (t) { var o = document.createElement('option'); o.value = String(t); ticks.appendChild(o); });
  document.body.appendChild(ticks);
  scrub.setAttribute('list', 'change-ticks');

  data.sessions.forEach(function (s) {
    var f = document.createElement('div');
    f.innerHTML = (data.versus ? '<b></b> <span class="agent"></span>: ' : 'final: ') + '<span class="end"></span>';
    if (data.versus) { f.querySelector('b').textContent = s.label; f.querySelector('.agent').textContent = s.agent; }
    f.querySelector('.end').textContent = s.final;
    $('finals').appendChild(f);
  });

  var views = data.sessions.map(function (s) {
    var el = document.createElement('section');
    el.className = 'session';
    el.innerHTML = '<div class="session-head"><span class="label"></span> <span class="agent"></span> <span class="callout"></span></div><div class="panes"></div>';
    el.querySelector('.label').textContent = s.label;
    el.querySelector('.agent').textContent = s.agent;
    var grid = el.querySelector('.panes');
    var panes = s.panes.map(function (p) {
      var box = document.createElement('div');
      box.className = 'pane pane-' + p.id;
      box.id = (data.versus ? s.label + '-' : '') + p.id;
      box.innerHTML = '<h2><span class="title"></span> <span class="info"></span></h2><div class="body"></div>';
      box.querySelector('.title').textContent = p.title;
      var body = box.querySelector('.body');
      var parts = null, rows = null;
      if (p.kind === 'rows') {
        body.innerHTML = p.rows.map(function () { return '<div class="row" hidden></div>'; }).join('');
        rows = Array.prototype.map.call(body.children, function (el) { return { el: el, frag: -2, fresh: false }; });
      } else if (p.kind === 'log') {
        var html = p.frags.map(function (f, t) { return '<div class="part" data-turn="' + t + '">' + pool[f] + '</div>'; }).join('');
        body.innerHTML = html;
        parts = body.children;
      }
      grid.appendChild(box);
      return { def: p, body: body, parts: parts, rows: rows, info: box.querySelector('.info'), frag: -1, upTo: p.frags.length - 1 };
    });
    $('sessions').appendChild(el);
    return { s: s, panes: panes, callout: el.querySelector('.callout') };
  });

  // Parts off screen are laid out only when near the view (content-visibility), so the height
  // is an estimate until the bottom has been drawn: scroll down again for a few frames.
  function toBottom(body, frames) {
    body.scrollTop = body.scrollHeight;
    if (frames > 0) requestAnimationFrame(function () { toBottom(body, frames - 1); });
  }
  var turn = -1, timer = null;
  function show(n) {
    n = Math.max(0, Math.min(maxTurn, n | 0));
    turn = n;
    views.forEach(function (v) {
      var t = Math.min(n, v.s.lastTurn);
      v.panes.forEach(function (p) {
        if (p.rows) {
          // Each row shows its latest version up to the turn; a row that changed in it is fresh.
          p.rows.forEach(function (row, i) {
            var versions = p.def.rows[i], v = null;
            for (var k = versions.length - 1; k >= 0; k--) if (versions[k][0] <= t) { v = versions[k]; break; }
            var frag = v ? v[1] : -1, fresh = Boolean(v) && v[0] === t && t > 0;
            if (frag !== row.frag) { row.frag = frag; row.el.hidden = frag < 0; row.el.innerHTML = frag < 0 ? '' : pool[frag]; }
            if (fresh !== row.fresh) { row.fresh = fresh; row.el.className = fresh ? 'row fresh' : 'row'; }
          });
        } else if (p.parts) {
          var lo = Math.min(p.upTo, t), hi = Math.max(p.upTo, t);
          for (var i = lo + 1; i <= hi; i++) p.parts[i].hidden = i > t;
          p.upTo = t;
          toBottom(p.body, 4);
        } else if (p.frag !== p.def.frags[t]) {
          p.frag = p.def.frags[t];
          p.body.innerHTML = pool[p.frag];
        }
        var info = p.def.info[t];
        p.info.textContent = info >= 0 ? pool[info] : '';
      });
      var c = v.s.callouts[t];
      v.callout.textContent = c ? '\\u2605 ' + c : '';
    });
    scrub.value = String(n);
    label.textContent = 'turn ' + n + ' / ' + maxTurn;
    try { history.replaceState(null, '', '#t=' + n); } catch (e) { /* some browsers refuse on file:// */ }
  }
  function stop() { if (timer) { clearInterval(timer); timer = null; playButton.textContent = 'play'; } }
  function play() {
    if (timer) return stop();
    if (turn >= maxTurn) show(0);
    playButton.textContent = 'pause';
    timer = setInterval(function () { show(turn + 1); if (turn >= maxTurn) stop(); }, 1200);
  }
  function go(n) { stop(); show(n); }
  function nextChange() { for (var i = 0; i < changeTurns.length; i++) if (changeTurns[i] > turn) return go(changeTurns[i]); }
  function prevChange() { for (var i = changeTurns.length - 1; i >= 0; i--) if (changeTurns[i] < turn) return go(changeTurns[i]); }
  scrub.addEventListener('input', function () { go(Number(scrub.value)); });
  $('first').onclick = function () { go(0); };
  $('prev').onclick = function () { go(turn - 1); };
  $('next').onclick = function () { go(turn + 1); };
  $('last').onclick = function () { go(maxTurn); };
  playButton.onclick = play;
  $('keys-button').onclick = function () { $('keys').hidden = !$('keys').hidden; };
  document.addEventListener('keydown', function (e) {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    var k = e.key;
    if (k === 'ArrowLeft' || k === 'h') go(turn - 1);
    else if (k === 'ArrowRight' || k === 'l') go(turn + 1);
    else if (k === 'Home') go(0);
    else if (k === 'End') go(maxTurn);
    else if (k === 'n') nextChange();
    else if (k === 'p' || k === 'N') prevChange();
    else if (k === ' ') play();
    else if (k === '?') $('keys').hidden = !$('keys').hidden;
    else return;
    e.preventDefault();
  });
  var m = /#t=(\\d+)/.exec(location.hash);
  var start = data.start !== undefined ? data.start : maxTurn;
  show(m ? Number(m[1]) : start);
  document.body.setAttribute('data-ready', 'true');
})();
`;
