// The README's Configuration table names every environment variable the server reads (issue 29, §5):
// an operator reads that table, not the source.
import { existsSync, readdirSync, readFileSync, realpathSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { sdkVariables } from '../src/app/tracing-env.ts';
import { configurationTable } from './readme-configuration.ts';

const sourceDir = fileURLToPath(new URL('../src/', import.meta.url));
/** Read from the operating system for what it means there, not settings of ours. */
const systemVariables = new Set(['PATH']);

function filesUnder(dir: string, wanted: (name: string) => boolean): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : filesUnder(path, wanted);
    return wanted(entry.name) ? [path] : [];
  });
}

const sourceFiles = (dir: string) => filesUnder(dir, (name) => /\.ts$/.test(name) && !/\.test\.ts$/.test(name));

/** Every way the server reads a variable: `process.env.X`, `process.env['X']`, and kernel/config.ts's readers, `text(env, 'X')`, `flag(env, 'X', …)` and the rest. */
const readPatterns = [/process\.env\??\.([A-Z][A-Z0-9_]*)/g, /process\.env\[\s*['"`]([A-Z][A-Z0-9_]*)['"`]\s*\]/g, /\(\s*env\s*,\s*['"`]([A-Z][A-Z0-9_]*)['"`]/g, /\benv\[\s*['"`]([A-Z][A-Z0-9_]*)['"`]\s*\]/g];

function variablesRead(): { names: Map<string, string>; unnamed: string[] } {
  const names = new Map<string, string>();
  const unnamed: string[] = [];
  for (const file of sourceFiles(sourceDir)) {
    const code = readFileSync(file, 'utf8');
    const where = file.slice(sourceDir.length);
    for (const pattern of readPatterns) for (const match of code.matchAll(pattern)) if (!names.has(match[1]!)) names.set(match[1]!, where);
    // A read this test cannot name (process.env[name]) would slip past it: only config.ts's readers may do that.
    for (const match of code.matchAll(/process\.env\[\s*(?!['"`])/g)) unnamed.push(`${where} at ${match.index}`);
  }
  return { names, unnamed };
}

/** Where Node finds package `name` from `dir`: the nearest node_modules/<name> upwards. */
function packageDir(name: string, dir: string): string {
  for (let at = dir; ; at = dirname(at)) {
    const candidate = join(at, 'node_modules', name);
    if (existsSync(candidate)) return realpathSync(candidate);
    if (dirname(at) === at) throw new Error(`${name} not found from ${dir}`);
  }
}

/**
 * The variables the OpenTelemetry packages the server depends on read themselves, found in their
 * code and in the code of the OpenTelemetry packages they depend on: the exporter builds the
 * signal's own names (`OTEL_EXPORTER_OTLP_${signalIdentifier}_HEADERS`), TRACES for it here.
 */
function variablesTheSdkReads(): Map<string, string> {
  const serverDir = fileURLToPath(new URL('..', import.meta.url));
  const server = JSON.parse(readFileSync(join(serverDir, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
  const found = new Map<string, string>();
  const visited = new Set<string>();
  const visit = (name: string, from: string) => {
    const dir = packageDir(name, from);
    if (visited.has(dir)) return;
    visited.add(dir);
    for (const file of filesUnder(dir, (file) => /\.(mjs|cjs|js)$/.test(file))) {
      for (const match of readFileSync(file, 'utf8').matchAll(/["'`](OTEL_[A-Z_]*)(\$\{\w+\})?([A-Z_]*)["'`]/g)) {
        found.set(`${match[1]}${match[2] ? 'TRACES' : ''}${match[3]}`, name);
      }
    }
    const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { dependencies?: Record<string, string> };
    for (const dependency of Object.keys(manifest.dependencies ?? {})) if (dependency.startsWith('@opentelemetry/')) visit(dependency, dir);
  };
  for (const name of Object.keys(server.dependencies)) if (name.startsWith('@opentelemetry/')) visit(name, serverDir);
  return found;
}

describe('environment variables', () => {
  it('finds the variables the server reads, however it reads them', () => {
    const { names, unnamed } = variablesRead();
    // One of each way: config.ts's readers, process.env.X in main.ts and in a domain.
    for (const name of ['PORT', 'DATABASE_URL', 'TURN_TTL_SECONDS', 'LOG_LEVEL', 'PORTAL_FFMPEG', 'PORTAL_STRIPE_API_URL']) expect(names.has(name), name).toBe(true);
    expect(unnamed).toEqual([]);
  });

  it("lists every variable the OpenTelemetry packages read themselves among those it checks (app/tracing-env.ts)", () => {
    const ours = variablesRead().names;
    const found = variablesTheSdkReads();
    // The exporter's own: a scan finding nothing would check nothing.
    expect(found.has('OTEL_EXPORTER_OTLP_TRACES_HEADERS')).toBe(true);
    const unlisted = [...found].filter(([name]) => !sdkVariables.includes(name) && !ours.has(name)).map(([name, pkg]) => `${name} (read by ${pkg})`);
    expect(unlisted, 'add each to sdkVariables in apps/server/src/app/tracing-env.ts, and to the README').toEqual([]);
  });

  it('names every one of them in the README configuration table', () => {
    const documented = configurationTable();
    const read = new Map([...sdkVariables.map((name) => [name, 'the OpenTelemetry packages'] as const), ...variablesRead().names]);
    const missing = [...read].filter(([name]) => !systemVariables.has(name) && !documented.has(name)).map(([name, file]) => `${name} (read in ${file})`);
    expect(missing, 'add a row for each to the Configuration table of README.md').toEqual([]);
  });
});
