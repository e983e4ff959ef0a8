// Gives the relative imports of emitted declarations (dist/**/*.d.ts) their file extensions, as
// Node's `nodenext` resolution requires: './data-table' → './data-table.js' or
// './data-table/index.js', whichever declaration exists. tsc keeps specifiers as written, and the
// packages' sources import without extensions (bundler resolution).
//   node tooling/scripts/dts-extensions.mjs <dist dir>
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

const dist = resolve(process.argv[2] ?? 'dist');
const specifier = /((?:from|import)\s*\(?\s*['"])(\.{1,2}\/[^'"]*?)(['"])/g;

function* declarations(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* declarations(path);
    else if (name.endsWith('.d.ts')) yield path;
  }
}

let changed = 0;
for (const file of declarations(dist)) {
  const source = readFileSync(file, 'utf8');
  // Line by line, so examples in doc comments (` * import('./login-page')`) stay as written.
  const fix = (line) => (/^\s*(\*|\/\/|\/\*)/.test(line) ? line : line.replace(specifier, (whole, before, target, after) => {
    if (/\.(js|mjs|cjs|json|css)$/.test(target)) return whole;
    const base = join(dirname(file), target);
    if (existsSync(`${base}.d.ts`)) return `${before}${target}.js${after}`;
    if (existsSync(join(base, 'index.d.ts'))) return `${before}${target.replace(/\/$/, '')}/index.js${after}`;
    throw new Error(`${file}: no declaration for ${target}`);
  }));
  const fixed = source.split('\n').map(fix).join('\n');
  if (fixed !== source) {
    writeFileSync(file, fixed);
    changed += 1;
  }
}
console.log(`dts-extensions: ${changed} declaration files in ${dist} now import with extensions`);
