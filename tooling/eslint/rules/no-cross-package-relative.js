// Forbids relative imports that climb out of the file's own package: code in another package is
// reached only through that package's name and its `exports` map.
import { existsSync } from 'node:fs';
import { dirname, join, resolve, sep } from 'node:path';

/**
 * The package a file belongs to: the innermost `packages/<name>` or `apps/<name>` directory that
 * holds a package.json (so a source folder that happens to be called `apps`, such as the
 * server's src/apps, is not taken for a package), else the innermost such directory.
 */
function packageRoot(file) {
  const parts = file.split(sep);
  let fallback = null;
  for (let i = parts.length - 2; i >= 0; i -= 1) {
    if ((parts[i] !== 'packages' && parts[i] !== 'apps') || !parts[i + 1]) continue;
    const root = parts.slice(0, i + 2).join(sep);
    if (existsSync(join(root || sep, 'package.json'))) return root;
    fallback ??= root;
  }
  return fallback;
}

export default {
  meta: {
    type: 'problem',
    docs: { description: 'Disallow relative imports that leave the current package' },
    messages: { leave: 'Import "{{source}}" leaves this package; import the other package by name.' },
    schema: [],
  },
  create(context) {
    const root = packageRoot(context.filename);
    if (!root) return {};
    function check(node) {
      const source = node.source?.value;
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const target = resolve(dirname(context.filename), source);
      if (target !== root && !target.startsWith(root + sep)) {
        context.report({ node: node.source, messageId: 'leave', data: { source } });
      }
    }
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
  },
};
