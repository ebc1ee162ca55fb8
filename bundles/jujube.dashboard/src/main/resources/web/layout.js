// A layered layout of the services graph: each service one layer right of every service it requires
// (providers to the left), subordinates placed by the same rule through their container relation. Cycles
// (peers, mutual relations) are broken by visiting each service once. Pure: positions from names and edges.
export function layout(services, edges, size, heightOf = () => size.height) {
  const requires = new Map(services.map(s => [s, []]));
  for (const e of edges) {
    if (requires.has(e.from) && requires.has(e.to) && e.from !== e.to) requires.get(e.from).push(e.to);
  }
  const layer = new Map();
  const visiting = new Set();
  const depth = s => {
    if (layer.has(s)) return layer.get(s);
    if (visiting.has(s)) return 0;
    visiting.add(s);
    const d = requires.get(s).reduce((m, t) => Math.max(m, depth(t) + 1), 0);
    visiting.delete(s);
    layer.set(s, d);
    return d;
  };
  services.forEach(depth);
  // each layer a column, its services stacked by their drawn heights
  const tops = new Map();
  const positions = new Map();
  for (const s of [...services].sort()) {
    const l = layer.get(s);
    const y = tops.get(l) || 20;
    tops.set(l, y + heightOf(s) + 40);
    positions.set(s, { x: 20 + l * (size.width + 80), y });
  }
  return positions;
}
