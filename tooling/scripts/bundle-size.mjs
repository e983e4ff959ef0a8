// Measures what a browser downloads before the first screen: the JS and CSS that
// apps/portal/dist/index.html references (entry, modulepreloads, stylesheets), gzip-compressed.
// Fails over the budget (180 KB JS, 40 KB CSS). Lazy route chunks are listed but not counted.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';
import { root } from './lib.mjs';

const BUDGET = { js: 180 * 1024, css: 40 * 1024 };
const dist = join(root, 'apps', 'portal', 'dist');
const html = readFileSync(join(dist, 'index.html'), 'utf8');
const referenced = [...html.matchAll(/(?:src|href)="([^"]+\.(?:js|css))"/g)].map((m) => m[1]);

const gz = (file) => gzipSync(readFileSync(file), { level: 9 }).length;
const local = (url) => join(dist, url.replace(/^\/portal\//, ''));
const initial = { js: 0, css: 0 };
for (const url of referenced) {
  const kind = url.endsWith('.css') ? 'css' : 'js';
  const size = gz(local(url));
  initial[kind] += size;
  console.log(`  initial ${kind.padEnd(3)} ${(size / 1024).toFixed(1).padStart(7)} KB  ${url}`);
}

const files = (dir) => readdirSync(dir).flatMap((f) => (statSync(join(dir, f)).isDirectory() ? files(join(dir, f)) : [join(dir, f)]));
const lazy = files(dist).filter((f) => /\.(js|css)$/.test(f) && !referenced.some((u) => local(u) === f));
const lazyTotal = lazy.reduce((sum, f) => sum + gz(f), 0);

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
console.log(`Initial JS  ${kb(initial.js)} gzip (budget ${kb(BUDGET.js)})`);
console.log(`Initial CSS ${kb(initial.css)} gzip (budget ${kb(BUDGET.css)})`);
console.log(`Lazy chunks ${lazy.length} files, ${kb(lazyTotal)} gzip (${relative(root, dist)})`);
const over = ['js', 'css'].filter((k) => initial[k] > BUDGET[k]);
if (over.length) {
  console.error(`✖ Over budget: ${over.join(', ')}`);
  process.exit(1);
}
