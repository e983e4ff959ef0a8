// The server's floors (issue 27, CONTRIBUTING.md "The server's floors"): apps/server/src holds the
// roof (`app/`: what composes everything), the kernel (`kernel/`: what every domain may use) and
// domain modules (every other top folder). The kernel imports no domain and no roof; a domain
// imports the kernel (anywhere in it) and other domains only through their door, `index.ts`;
// nothing imports the roof, which reaches domains through their doors too. Tests may reach inside.
import { dirname, relative, resolve, sep } from 'node:path';

const roof = 'app';
const kernel = 'kernel';

/** The floor a path of apps/server/src belongs to: `app`, `kernel`, or a domain's folder name. */
function unitOf(srcDir, path) {
  const inside = relative(srcDir, path);
  if (inside.startsWith('..') || inside === '') return null;
  return inside.split(sep)[0];
}

/** apps/server/src of the file being linted, or null outside it. */
function serverSrc(file) {
  const marker = `${sep}apps${sep}server${sep}src${sep}`;
  const at = file.lastIndexOf(marker);
  return at < 0 ? null : file.slice(0, at + marker.length - 1);
}

export default {
  meta: {
    type: 'problem',
    docs: { description: "Keep the server's floors: roof, kernel, domains with one door each" },
    messages: {
      roof: 'Nothing imports the roof (src/app); pass what a domain needs in from the roof instead.',
      kernelUp: 'The kernel imports no domain and no roof: "{{source}}" is in {{target}}/.',
      door: 'Import {{target}} through its door, "{{door}}", not "{{source}}".',
    },
    schema: [],
  },
  create(context) {
    const file = context.filename;
    const srcDir = serverSrc(file);
    if (!srcDir || /\.test\.ts$/.test(file)) return {};
    const from = unitOf(srcDir, file);
    function check(node) {
      const source = node.source?.value;
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const target = resolve(dirname(file), source);
      const to = unitOf(srcDir, target);
      if (!to || to === from) return;
      if (to === roof) return context.report({ node: node.source, messageId: 'roof' });
      if (to === kernel) return;
      if (from === kernel) return context.report({ node: node.source, messageId: 'kernelUp', data: { source, target: to } });
      const door = resolve(srcDir, to, 'index.ts');
      if (target !== door) {
        let doorSpec = relative(dirname(file), door);
        if (!doorSpec.startsWith('.')) doorSpec = `./${doorSpec}`;
        context.report({ node: node.source, messageId: 'door', data: { source, target: to, door: doorSpec } });
      }
    }
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
  },
};
