// The dashboard: follows /dashboard/events (a snapshot, then differences) and redraws only the entries that
// changed. Services are laid out again only when services or relations come or go.
import { layout } from './layout.js';
import { followUnitPage } from './unit.js';

const view = new Map();          // key -> entry, as the controller sent it
const cards = new Map();         // service name -> its element
const unitRows = new Map();      // unit name -> its element
const counts = new Map();        // service name -> how many units its card had at the last layout
const graph = document.getElementById('graph');
const edges = document.getElementById('edges');
const CARD = { width: 220, height: 120 };

function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
}

function stateClass(state) {
  if (state.endsWith('error')) return 'error';
  return state;
}

function card(name) {
  let c = cards.get(name);
  if (!c) {
    c = el('div', 'service');
    c.dataset.service = name;
    c.append(el('h3', null, name), el('div', 'charm'), el('div', 'units'));
    graph.append(c);
    cards.set(name, c);
  }
  return c;
}

function drawService(name, s) {
  const c = card(name);
  c.classList.toggle('exposed', !!s.exposed);
  c.querySelector('.charm').textContent = s.charm + (s.status ? ' \u2014 ' + s.status : '');
}

function drawUnit(name, u) {
  let row = unitRows.get(name);
  let created = false;
  if (!row) {
    row = el('div', 'unit');
    row.dataset.unit = name;
    const link = el('a', 'name', name);
    link.href = '#unit=' + encodeURIComponent(name);
    row.append(el('span', 'dot'), link, el('span', 'state'), el('span', 'workload'), el('span', 'ports'));
    unitRows.set(name, row);
    created = true;
  }
  row.className = 'unit ' + stateClass(u.agentState) + (u.principal ? ' sub' : '');
  row.querySelector('.state').textContent = u.agentState;
  row.querySelector('.workload').textContent = u.workload ? u.workload + (u.message ? ': ' + u.message : '') : '';
  row.querySelector('.ports').textContent = u.ports.join(' ');
  row.title = (u.info || '') + (u.machine !== undefined ? ' (machine ' + u.machine + ', ' + u.address + ')' : '');
  const units = card(u.service).querySelector('.units');
  if (row.parentNode !== units) units.append(row);
  if (u.principal) drawSubordinates(u.principal);
  else if (created) drawSubordinates(name); // its subordinates may have been drawn before it
  return u.service;
}

// beside each principal unit, its subordinates and their states: what runs in its container
function drawSubordinates(principal) {
  const row = unitRows.get(principal);
  if (!row) return;
  let subs = row.querySelector('.subs');
  if (!subs) { subs = el('span', 'subs'); row.append(subs); }
  const mine = [...view.values()].filter(v => v.principal === principal && v.agentState !== undefined);
  subs.textContent = mine.length ? '+ ' + mine.map(v => v.name + ' ' + v.agentState).sort().join(', ') : '';
  subs.classList.toggle('error', mine.some(v => v.agentState.endsWith('error')));
}

// errors first, then by name; a subordinate right after its principal
function orderUnits(units) {
  const rows = [...units.children];
  const key = r => {
    const u = view.get('unit:' + r.dataset.unit);
    const rank = u && u.agentState.endsWith('error') ? '0' : '1';
    return rank + (u && u.principal ? u.principal + '~' : '') + r.dataset.unit;
  };
  const keys = new Map(rows.map(r => [r, key(r)]));
  const sorted = [...rows].sort((a, b) => (keys.get(a) < keys.get(b) ? -1 : keys.get(a) > keys.get(b) ? 1 : 0));
  if (sorted.some((r, i) => r !== rows[i])) sorted.forEach(r => units.append(r));
}

function markService(name) {
  const c = cards.get(name);
  if (c) c.classList.toggle('error', !!c.querySelector('.unit.error'));
}

function relink() {
  const services = [...view.keys()].filter(k => k.startsWith('service:')).map(k => k.slice(8));
  const links = [];
  for (const [k, r] of view) {
    if (!k.startsWith('relation:')) continue;
    const req = r.endpoints.find(e => e.role === 'requirer' || e.role === 'client');
    const pro = r.endpoints.find(e => e.role === 'provider' || e.role === 'server');
    if (req && pro) links.push({ from: req.service, to: pro.service, r });
    else if (r.endpoints.length === 2) links.push({ from: r.endpoints[0].service, to: r.endpoints[1].service, r });
  }
  const pos = layout(services, links, CARD, s => card(s).offsetHeight);
  let w = 0, h = 0;
  for (const [s, p] of pos) {
    const c = card(s);
    c.style.left = p.x + 'px';
    c.style.top = p.y + 'px';
    w = Math.max(w, p.x + CARD.width + 20);
    h = Math.max(h, p.y + c.offsetHeight + 20);
  }
  graph.style.height = h + 'px';
  edges.setAttribute('viewBox', `0 0 ${w} ${h}`);
  edges.style.width = w + 'px';
  edges.replaceChildren(...links.filter(l => pos.has(l.from) && pos.has(l.to)).flatMap(l => {
    const a = pos.get(l.from), b = pos.get(l.to);
    const ns = 'http://www.w3.org/2000/svg';
    const line = document.createElementNS(ns, 'line');
    line.setAttribute('x1', a.x); line.setAttribute('y1', a.y + 20);
    line.setAttribute('x2', b.x + CARD.width); line.setAttribute('y2', b.y + 20);
    if (l.r.scope === 'container') line.setAttribute('class', 'container');
    line.dataset.relation = l.from + ' ' + l.to;
    const label = document.createElementNS(ns, 'text');
    label.setAttribute('x', (a.x + b.x + CARD.width) / 2); label.setAttribute('y', (a.y + b.y) / 2 + 14);
    label.textContent = l.r.interface;
    return [line, label];
  }));
}

function drawMachines() {
  const body = document.querySelector('#machines tbody');
  const rows = [];
  for (const [k, m] of view) {
    if (!k.startsWith('machine:')) continue;
    const units = [...view.values()].filter(u => u.machine === m.id).map(u => u.name + ' ' + (u.address || ''));
    const tr = el('tr');
    tr.append(el('td', null, String(m.id)), el('td', null, m.agentState + (m.info ? ': ' + m.info : '')),
      el('td', null, m.instance), el('td', null, units.join(', ')));
    rows.push([m.id, tr]);
  }
  body.replaceChildren(...rows.sort((a, b) => a[0] - b[0]).map(r => r[1]));
}

function apply(change, whole) {
  let shape = whole, machines = whole;
  if (whole) {
    for (const k of [...view.keys()]) if (!(k in change.set)) change.removed.push(k);
  }
  for (const k of change.removed) {
    view.delete(k);
    if (k.startsWith('unit:')) { const r = unitRows.get(k.slice(5)); if (r) { const s = r.closest('.service'); r.remove(); unitRows.delete(k.slice(5)); if (s) markService(s.dataset.service); } }
    if (k.startsWith('service:')) { const c = cards.get(k.slice(8)); if (c) c.remove(); cards.delete(k.slice(8)); }
    shape = shape || k.startsWith('service:') || k.startsWith('relation:');
    machines = true;
  }
  for (const [k, v] of Object.entries(change.set)) {
    const added = !view.has(k);
    view.set(k, v);
    shape = shape || (added && (k.startsWith('service:') || k.startsWith('relation:')));
    machines = machines || k.startsWith('machine:') || added;
  }
  for (const [k, v] of Object.entries(change.set)) {
    if (k.startsWith('service:')) drawService(k.slice(8), v);
  }
  // each service's units ordered once per change, however many of them changed
  const touched = new Set();
  for (const [k, v] of Object.entries(change.set)) {
    if (k.startsWith('unit:')) touched.add(drawUnit(k.slice(5), v));
  }
  for (const s of touched) {
    orderUnits(card(s).querySelector('.units'));
    markService(s);
  }
  // a card grows or shrinks when units come or go, not when they change: only then is it laid out again
  // (reading heights makes the browser lay out the whole page at once)
  if (shape || change.removed.length || [...touched].some(s => counts.get(s) !== card(s).querySelector('.units').childElementCount)) {
    relink();
    for (const s of cards.keys()) counts.set(s, card(s).querySelector('.units').childElementCount);
  }
  if (machines) drawMachines();
  const units = [...view.keys()].filter(k => k.startsWith('unit:'));
  const errors = units.filter(k => view.get(k).agentState.endsWith('error')).length;
  document.getElementById('summary').textContent = `${units.length} units, ${errors} in error`;
  document.body.dataset.version = String((Number(document.body.dataset.version) || 0) + 1);
}

function connect() {
  const source = new EventSource('events');
  const status = document.getElementById('connection');
  source.onopen = () => { status.textContent = 'live'; status.className = 'up'; };
  source.onerror = () => { status.textContent = 'reconnecting'; status.className = 'down'; };
  source.addEventListener('snapshot', e => apply(JSON.parse(e.data), true));
  source.addEventListener('diff', e => apply(JSON.parse(e.data), false));
}

connect();
followUnitPage();
