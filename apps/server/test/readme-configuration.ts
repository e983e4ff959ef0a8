// The variables the README's Configuration table names (the first column of each row), which
// the environment-variables and deploy-files tests hold the server and the deployment files to.
import { readFileSync } from 'node:fs';

const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');

export function configurationTable(): Set<string> {
  const section = readme.split(/^## /m).find((part) => part.startsWith('Configuration\n'));
  if (!section) throw new Error('README.md has no "## Configuration" section');
  const named = new Set<string>();
  for (const line of section.split('\n')) {
    if (!line.startsWith('| `')) continue;
    const firstColumn = line.split('|')[1]!;
    for (const match of firstColumn.matchAll(/`([A-Z][A-Z0-9_]*)`/g)) named.add(match[1]!);
  }
  return named;
}
