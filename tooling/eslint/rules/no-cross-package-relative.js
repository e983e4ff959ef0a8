// Forbids relative imports that climb out of the file's own package: code in another package is
// reached only through that package's name and its `exports` map.
import { dirname, resolve, sep } from 'node:path';

function packageRoot(file) {
  const parts = file.split(sep);
  for (const top of ['packages', 'apps']) {
    const i = parts.lastIndexOf(top);
    if (i >= 0 && parts[i + 1]) return parts.slice(0, i + 2).join(sep);
  }
  return null;
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
