#!/usr/bin/env node
// The server's folder graph (issue 27): the relative imports between the top folders of
// apps/server/src, tests left out. Prints the folders, the imports that cross folders and how many
// go through a folder's index.ts (its door; the kernel has none, domains import it deep), the
// folder pairs that import each other, and the import loops (strongly connected components of more
// than one folder).
// `--json` prints the same as JSON; `--edges` lists every cross-folder edge with its count.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const src = fileURLToPath(new URL('../../apps/server/src', import.meta.url));

function sourceFiles(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.ts$/.test(name) && !/\.test\.ts$/.test(name) ? [path] : [];
  });
}

// A file directly in src/ (main.ts, config.ts) is a unit of its own, as a folder is.
const unitOf = (file) => relative(src, file).split(sep)[0].replace(/\.ts$/, '');

// The floors that are not domains: the roof composes, the kernel is used deep by everyone.
const floors = new Set(['app', 'kernel']);

const importPattern = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)['"](\.{1,2}\/[^'"]+)['"]/g;

export function serverGraph() {
  const files = sourceFiles(src);
  const units = new Set(files.map(unitOf));
  const edges = new Map(); // "a -> b" -> count
  let crossing = 0;
  let throughDoor = 0;
  let intoDomains = 0;
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    for (const [, spec] of text.matchAll(importPattern)) {
      const target = resolve(dirname(file), spec);
      if (!target.startsWith(src + sep)) continue;
      const from = unitOf(file);
      const to = unitOf(target);
      if (from === to) continue;
      crossing += 1;
      const inside = relative(join(src, to), target);
      if (/^index(\.ts)?$/.test(inside)) throughDoor += 1;
      if (!floors.has(to)) intoDomains += 1;
      const key = `${from} -> ${to}`;
      edges.set(key, (edges.get(key) ?? 0) + 1);
    }
  }
  const out = new Map([...units].map((u) => [u, new Set()]));
  for (const key of edges.keys()) {
    const [a, b] = key.split(' -> ');
    out.get(a).add(b);
  }
  const mutual = [];
  for (const [a, targets] of out) for (const b of targets) if (a < b && out.get(b).has(a)) mutual.push(`${a} <-> ${b}`);
  return { units: [...units].sort(), edges, crossing, throughDoor, intoDomains, mutual: mutual.sort(), loops: loopsOf(out) };
}

// Tarjan's strongly connected components; a component of two or more folders is a loop.
function loopsOf(out) {
  let index = 0;
  const stack = [];
  const info = new Map();
  const loops = [];
  const visit = (v) => {
    info.set(v, { index, low: index, onStack: true });
    index += 1;
    stack.push(v);
    for (const w of out.get(v)) {
      if (!info.has(w)) {
        visit(w);
        info.get(v).low = Math.min(info.get(v).low, info.get(w).low);
      } else if (info.get(w).onStack) info.get(v).low = Math.min(info.get(v).low, info.get(w).index);
    }
    if (info.get(v).low === info.get(v).index) {
      const component = [];
      let w;
      do {
        w = stack.pop();
        info.get(w).onStack = false;
        component.push(w);
      } while (w !== v);
      if (component.length > 1) loops.push(component.sort());
    }
  };
  for (const v of out.keys()) if (!info.has(v)) visit(v);
  return loops;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const graph = serverGraph();
  if (process.argv.includes('--json')) {
    console.log(JSON.stringify({ ...graph, edges: Object.fromEntries(graph.edges) }, null, 2));
  } else {
    const share = graph.crossing ? Math.round((100 * graph.throughDoor) / graph.crossing) : 0;
    console.log(`units (folders and top files): ${graph.units.length}`);
    console.log(`imports across units: ${graph.crossing}, through an index.ts: ${graph.throughDoor} (${share} %)`);
    console.log(`imports into a domain from outside it: ${graph.intoDomains}, through its door: ${graph.throughDoor}`);
    console.log(`folder pairs importing each other: ${graph.mutual.length}`);
    for (const pair of graph.mutual) console.log(`  ${pair}`);
    console.log(`loops: ${graph.loops.length}${graph.loops.map((l) => `\n  ${l.length}: ${l.join(' ')}`).join('')}`);
    if (process.argv.includes('--edges')) for (const [key, n] of [...graph.edges].sort()) console.log(`${key}  ${n}`);
  }
}
