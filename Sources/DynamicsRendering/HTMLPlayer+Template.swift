extension HTMLPlayer {
    /// The page: markup, styles and the player's script. %TITLE%, %HEADER% (JSON) and %POSES%
    /// (base64) are filled in.
    static let template = #"""
<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>%TITLE%</title>
<style>
body{font:13px system-ui,sans-serif;margin:12px;color:#222}
#bar{display:flex;gap:10px;align-items:center;margin:6px 0;flex-wrap:wrap}
#scrub{width:360px} canvas{border:1px solid #ccc;display:block} pre{margin:0}
#chart{border:none;margin-top:4px}
</style></head><body>
<h3 id="heading"></h3>
<canvas id="view"></canvas>
<div id="bar">
<button id="play">Play</button>
<input id="scrub" type="range" min="0" value="0">
<span id="frameLabel"></span>
<label>speed <select id="speed"><option>0.25</option><option>0.5</option><option selected>1</option><option>2</option><option>4</option></select></label>
<label><input id="showJoints" type="checkbox" checked> joints</label>
<label><input id="showContacts" type="checkbox"> contacts</label>
<label><input id="showFields" type="checkbox"> fields</label>
</div>
<canvas id="chart" width="400" height="60"></canvas>
<pre id="errors"></pre><pre id="probe"></pre>
<script id="rec" type="application/json">%HEADER%</script>
<script id="poses" type="text/plain">%POSES%</script>
<script id="contacts" type="text/plain">%CONTACTS%</script>
<script>
"use strict";
const errors = [];
window.addEventListener("error", e => { errors.push(String(e.message)); document.getElementById("errors").textContent = JSON.stringify(errors); });
const R = JSON.parse(document.getElementById("rec").textContent);
document.getElementById("heading").textContent = R.title;
const F = R.counts.length, B = R.bodies.length;
// Decode the poses: per frame and body, three signed-byte deltas or 0x80 + three int16 values.
const raw = atob(document.getElementById("poses").textContent.trim());
const bytes = new Uint8Array(raw.length);
for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
const poses = new Int16Array(F * B * 3), prev = new Int32Array(B * 3);
let at = 0;
for (let f = 0; f < F; f++) {
  for (let b = 0; b < R.counts[f]; b++) {
    const k = 3 * b;
    if (bytes[at] === 0x80) {
      at++;
      for (let c = 0; c < 3; c++) { let v = bytes[at] | (bytes[at + 1] << 8); if (v >= 32768) v -= 65536; prev[k + c] = v; at += 2; }
    } else {
      for (let c = 0; c < 3; c++) { let d = bytes[at++]; if (d >= 128) d -= 256; prev[k + c] += d; if (c === 2) prev[k + c] = ((prev[k + c] + 2048) & 4095) - 2048; }
    }
    poses.set([prev[k], prev[k + 1], prev[k + 2]], (f * B + b) * 3);
  }
}
// Contacts: per frame, 16-bit quantised x, y pairs on the poses' grid.
const craw = atob(document.getElementById("contacts").textContent.trim());
const cdata = new Int16Array(craw.length >> 1);
for (let i = 0; i < cdata.length; i++) { let v = craw.charCodeAt(2 * i) | (craw.charCodeAt(2 * i + 1) << 8); cdata[i] = v >= 32768 ? v - 65536 : v; }
const contactStart = [0];
for (let f = 0; f < F; f++) contactStart.push(contactStart[f] + 2 * (R.contactCounts[f] || 0));
const view = document.getElementById("view");
view.width = Math.round(R.width); view.height = Math.round(R.height);
const ctx = view.getContext("2d");
const paths = R.bodies.map(([type, shapes]) => {
  const fill = new Path2D(), lines = new Path2D();
  for (const s of shapes) {
    if (s[0] === "c") { fill.moveTo(s[1] + s[3], s[2]); fill.arc(s[1], s[2], Math.max(s[3], 0.5 / R.scale), 0, 2 * Math.PI); }
    else if (s[0] === "p") { const v = s[1]; fill.moveTo(v[0], v[1]); for (let i = 2; i < v.length; i += 2) fill.lineTo(v[i], v[i + 1]); fill.closePath(); }
    else { lines.moveTo(s[1], s[2]); lines.lineTo(s[3], s[4]); }
  }
  return { type, fill, lines };
});
const colours = ["#9a9a9a", "#6aa84f", "#f0a030"];
function pose(f, b) {
  const i = (f * B + b) * 3;
  if (poses[i] === -32768 && poses[i + 1] === -32768) return null;
  return [(poses[i] + 32500) * R.quantum[0] + R.qLower[0], (poses[i + 1] + 32500) * R.quantum[1] + R.qLower[1], poses[i + 2] / 4096 * 2 * Math.PI];
}
function worldTransform() {
  const s = R.scale;
  ctx.setTransform(s, 0, 0, R.yUp ? -s : s, R.margin - R.lower[0] * s, R.yUp ? R.margin + R.upper[1] * s : R.margin - R.lower[1] * s);
}
function draw(f) {
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.fillStyle = "#ffffff"; ctx.fillRect(0, 0, view.width, view.height);
  worldTransform();
  const base = ctx.getTransform();
  ctx.lineWidth = 1 / R.scale;
  for (let b = 0; b < R.counts[f]; b++) {
    const p = pose(f, b); if (!p) continue;
    ctx.setTransform(base); ctx.translate(p[0], p[1]); ctx.rotate(p[2]);
    const path = paths[b];
    ctx.fillStyle = colours[path.type]; ctx.fill(path.fill);
    ctx.strokeStyle = "#333333"; ctx.lineWidth = 0.5 / R.scale; ctx.stroke(path.fill);
    ctx.strokeStyle = "#444444"; ctx.lineWidth = 2 / R.scale; ctx.stroke(path.lines);
  }
  ctx.setTransform(base);
  const point = (b, x, y) => { if (b < 0) return [x, y]; const p = pose(f, b); if (!p) return null; const c = Math.cos(p[2]), s = Math.sin(p[2]); return [p[0] + c * x - s * y, p[1] + s * x + c * y]; };
  if (document.getElementById("showJoints").checked) {
    ctx.strokeStyle = "#2a7ab0"; ctx.lineWidth = 1 / R.scale; ctx.beginPath();
    for (const j of R.joints) { const a = point(j[0], j[1], j[2]), b = point(j[3], j[4], j[5]); if (a && b) { ctx.moveTo(a[0], a[1]); ctx.lineTo(b[0], b[1]); } }
    ctx.stroke();
  }
  if (document.getElementById("showContacts").checked) {
    ctx.fillStyle = "#d62728"; const r = 1.5 / R.scale;
    for (let i = contactStart[f]; i < contactStart[f + 1]; i += 2) {
      const x = (cdata[i] + 32500) * R.quantum[0] + R.qLower[0], y = (cdata[i + 1] + 32500) * R.quantum[1] + R.qLower[1];
      ctx.fillRect(x - r, y - r, 2 * r, 2 * r);
    }
  }
  if (document.getElementById("showFields").checked && R.fields.length) {
    const longest = Math.max(...R.fields.map(v => Math.hypot(v[2], v[3])), 1e-9);
    const k = 0.04 * (R.upper[0] - R.lower[0]) / longest;
    ctx.strokeStyle = "#9467bd"; ctx.lineWidth = 1 / R.scale; ctx.beginPath();
    for (const v of R.fields) { ctx.moveTo(v[0], v[1]); ctx.lineTo(v[0] + v[2] * k, v[1] + v[3] * k); }
    ctx.stroke();
  }
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  document.getElementById("frameLabel").textContent = "frame " + (f + 1) + " / " + F + " · " + (R.ms[f] || 0).toFixed(2) + " ms";
  drawChart(f);
}
function drawChart(f) {
  const chart = document.getElementById("chart"), g = chart.getContext("2d");
  g.clearRect(0, 0, chart.width, chart.height);
  const top = Math.max(...R.ms, 1e-9);
  g.fillStyle = "#bbbbbb";
  for (let i = 0; i < F; i++) { const h = R.ms[i] / top * (chart.height - 12); g.fillRect(i / F * chart.width, chart.height - h, Math.max(chart.width / F, 1), h); }
  g.fillStyle = "#d62728"; g.fillRect(f / Math.max(F - 1, 1) * chart.width, 0, 1, chart.height);
  g.fillStyle = "#222"; g.fillText("ms per step (max " + top.toFixed(2) + ")", 2, 10);
}
const scrub = document.getElementById("scrub"); scrub.max = Math.max(F - 1, 0);
let frame = 0, playing = false, last = 0, carry = 0;
function show(f) { frame = Math.max(0, Math.min(F - 1, f)); scrub.value = frame; draw(frame); }
scrub.addEventListener("input", () => show(Number(scrub.value)));
for (const id of ["showJoints", "showContacts", "showFields"]) document.getElementById(id).addEventListener("change", () => draw(frame));
document.getElementById("play").addEventListener("click", () => { playing = !playing; document.getElementById("play").textContent = playing ? "Pause" : "Play"; last = performance.now(); if (playing) requestAnimationFrame(tick); });
function tick(now) {
  if (!playing) return;
  carry += (now - last) / 1000 * 60 * Number(document.getElementById("speed").value); last = now;
  const steps = Math.floor(carry); carry -= steps;
  if (steps > 0) show(frame + steps >= F ? 0 : frame + steps);
  requestAnimationFrame(tick);
}
// Test probes: ?frame=N&probe=x,y;x,y draws frame N and reports the pixels' colours.
const query = new URLSearchParams(location.search);
show(query.has("frame") ? Number(query.get("frame")) : 0);
if (query.has("probe")) {
  const points = query.get("probe").split(";").filter(s => s).map(s => s.split(",").map(Number));
  const out = points.map(([x, y]) => Array.from(ctx.getImageData(Math.round(x), Math.round(y), 1, 1).data));
  document.getElementById("probe").textContent = JSON.stringify(out);
}
</script></body></html>
"""#
}
