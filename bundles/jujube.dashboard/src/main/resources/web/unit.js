// A unit's page, opened by #unit=NAME: its status history and relations (their settings' keys, never values)
// read once, and its debug-log lines followed as they come.
let log = null;

function cells(values) {
  const tr = document.createElement('tr');
  for (const v of values) {
    const td = document.createElement('td');
    td.textContent = v;
    tr.append(td);
  }
  return tr;
}

async function open(unit) {
  const panel = document.getElementById('unit-panel');
  panel.hidden = false;
  document.getElementById('unit-name').textContent = unit;
  const lines = document.getElementById('unit-log');
  lines.textContent = '';
  const q = '?unit=' + encodeURIComponent(unit);
  log = new EventSource('log' + q);
  log.addEventListener('line', e => {
    const r = JSON.parse(e.data);
    lines.append(`${r.at} ${r.level} ${r.channel}: ${r.message}\n`);
    lines.scrollTop = lines.scrollHeight;
  });
  const response = await fetch('api/unit' + q);
  if (!response.ok) {
    document.querySelector('#unit-history tbody').replaceChildren(cells([await response.text()]));
    return;
  }
  const page = await response.json();
  document.querySelector('#unit-history tbody').replaceChildren(
    ...page.history.slice().reverse().map(h => cells([h.at, h.state, h.hook, h.message])));
  document.querySelector('#unit-relations tbody').replaceChildren(
    ...page.relations.map(r => cells([r.interface + ' (' + r.id + ')', r.endpoints.join(' - '), r.settingsKeys.join(', ')])));
}

function route() {
  if (log) { log.close(); log = null; }
  const m = /^#unit=(.+)$/.exec(location.hash);
  if (m) open(decodeURIComponent(m[1]));
  else document.getElementById('unit-panel').hidden = true;
}

export function followUnitPage() {
  window.addEventListener('hashchange', route);
  route();
}
