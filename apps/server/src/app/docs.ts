// A readable API reference generated from the contract, as one self-contained HTML page: no
// scripts, no external assets, only an inline stylesheet, so it passes the strict CSP unchanged.
// Each operation shows its parameters, request body and responses with their schemas, linked to
// the Schemas section (every schema of the contract); descriptions are Markdown, rendered by
// marked with raw HTML shown as text and only web, mail and in-page links kept.
import { Marked, type Tokens } from 'marked';
import type { JsonSchema, OpenApiDocument, OperationSpec } from '../kernel/http/openapi.ts';
import { apiPrefix } from '../kernel/http/openapi.ts';

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

const SAFE_HREF = /^(?:https?:\/\/|mailto:|#|\/(?!\/))/i;

const markdown = new Marked({
  gfm: true,
  renderer: {
    // Raw HTML in a description is text, never markup.
    html: ({ text }: Tokens.HTML | Tokens.Tag) => escapeHtml(text),
    link(token: Tokens.Link) {
      const text = this.parser.parseInline(token.tokens);
      if (!SAFE_HREF.test(token.href)) return text;
      return `<a href="${escapeHtml(token.href)}" rel="noreferrer"${token.title ? ` title="${escapeHtml(token.title)}"` : ''}>${text}</a>`;
    },
    // No external assets: an image is its alternative text.
    image: ({ text }: Tokens.Image) => escapeHtml(text),
  },
});

/** A description's Markdown as HTML, sanitised (see above). */
export function markdownHtml(source: string): string {
  return markdown.parse(source, { async: false }).trim();
}

/** Inline Markdown (a summary, a property's description): no paragraph around it. */
const inlineHtml = (source: string | undefined) => (source ? markdown.parseInline(source, { async: false }) : '');

const schemaAnchor = (name: string) => `schema-${name}`;
const refName = (ref: string) => ref.split('/').at(-1) ?? ref;
const schemaLink = (ref: string) => `<a href="#${escapeHtml(schemaAnchor(refName(ref)))}"><code>${escapeHtml(refName(ref))}</code></a>`;

type Schema = JsonSchema & Record<string, unknown>;
const asSchema = (value: unknown): Schema | undefined => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Schema) : undefined);

/** A schema's type in one line: a link for a named schema, `array of …`, `A | B`, with its constraints. */
function schemaSummary(schema: Schema): string {
  if (typeof schema.$ref === 'string') return schemaLink(schema.$ref);
  for (const key of ['oneOf', 'anyOf', 'allOf'] as const) {
    const options = schema[key];
    if (Array.isArray(options)) return options.map((option) => schemaSummary(asSchema(option) ?? {})).join(key === 'allOf' ? ' &amp; ' : ' | ');
  }
  const parts: string[] = [];
  const types = Array.isArray(schema.type) ? schema.type.map(String) : schema.type ? [String(schema.type)] : [];
  const items = asSchema(schema.items);
  parts.push(
    types
      .map((type) => (type === 'array' && items ? `array of ${schemaSummary(items)}` : escapeHtml(type)))
      .join(' | ') || (schema.properties ? 'object' : 'any'),
  );
  if (schema.format) parts.push(`(${escapeHtml(String(schema.format))})`);
  if (schema.const !== undefined) parts.push(`= <code>${escapeHtml(JSON.stringify(schema.const))}</code>`);
  if (Array.isArray(schema.enum)) parts.push(`one of ${schema.enum.map((value) => `<code>${escapeHtml(String(value))}</code>`).join(', ')}`);
  if (typeof schema.minLength === 'number' || typeof schema.maxLength === 'number') parts.push(`${String(schema.minLength ?? 0)}…${String(schema.maxLength ?? '')} chars`);
  if (typeof schema.minimum === 'number' || typeof schema.maximum === 'number') parts.push(`${String(schema.minimum ?? '')}…${String(schema.maximum ?? '')}`);
  if (typeof schema.minItems === 'number' || typeof schema.maxItems === 'number') parts.push(`${String(schema.minItems ?? 0)}…${String(schema.maxItems ?? '')} items`);
  if (typeof schema.pattern === 'string') parts.push(`pattern <code>${escapeHtml(schema.pattern)}</code>`);
  if (schema.default !== undefined) parts.push(`default <code>${escapeHtml(JSON.stringify(schema.default))}</code>`);
  return parts.join(' ');
}

/** A schema in full: its description, and for an object a table of its properties (inline objects nested). */
function schemaDetail(schema: Schema, depth = 0): string {
  const description = typeof schema.description === 'string' && depth === 0 ? `<div class="desc">${markdownHtml(schema.description)}</div>` : '';
  const properties = asSchema(schema.properties);
  if (!properties || depth > 3) return `${description}<p>${schemaSummary(schema)}</p>`;
  const required = new Set(Array.isArray(schema.required) ? schema.required.map(String) : []);
  const rows = Object.entries(properties)
    .map(([name, value]) => {
      const property = asSchema(value) ?? {};
      const nested = !property.$ref && asSchema(property.properties) ? schemaDetail(property, depth + 1) : '';
      return `<tr><td><code>${escapeHtml(name)}</code>${required.has(name) ? ' <span class="req">required</span>' : ''}</td><td>${nested ? 'object' : schemaSummary(property)}</td><td>${inlineHtml(typeof property.description === 'string' ? property.description : undefined)}${nested}</td></tr>`;
    })
    .join('');
  const extra = schema.additionalProperties === false ? '<p class="meta">No other properties.</p>' : '';
  return `${description}<table><thead><tr><th>Property</th><th>Schema</th><th>Description</th></tr></thead><tbody>${rows}</tbody></table>${extra}`;
}

/** The media types of a body and their schemas: a named schema links to its section, an inline one is shown in full. */
function contentHtml(content: Record<string, JsonSchema>): string {
  return Object.entries(content)
    .map(([mediaType, value]) => {
      const schema = asSchema(value) ?? {};
      const inline = !schema.$ref && asSchema(schema.properties);
      return `<div class="content"><code>${escapeHtml(mediaType)}</code> ${inline ? schemaDetail(schema, 1) : schemaSummary(schema)}</div>`;
    })
    .join('');
}

function access(operation: OperationSpec): string {
  const base = operation.permission === 'public' ? 'public' : operation.permission === 'authenticated' ? 'any signed-in caller' : `permission ${operation.permission}`;
  const grouped = operation.roleGroup ? `${base}, role group ${operation.roleGroup}` : base;
  if (operation.permission === 'public') return grouped;
  return `${grouped}; ${operation.oauthScopes.length > 0 ? `OAuth scopes: ${operation.oauthScopes.join(', ')}` : 'no OAuth token'}`;
}

function renderOperation(operation: OperationSpec): string {
  const parameters = operation.parameters
    .map(
      (p) =>
        `<tr><td><code>${escapeHtml(p.name)}</code></td><td>${p.in}${p.required ? ', required' : ''}</td><td>${schemaSummary(asSchema(p.schema) ?? {})}</td><td>${inlineHtml(p.description)}</td></tr>`,
    )
    .join('');
  const body = operation.requestBody ? `<h4>Request body (${operation.requestBody.required ? 'required' : 'optional'})</h4>${contentHtml(operation.requestBody.content)}` : '';
  const responses = Object.entries(operation.responses)
    .map(([status, response]) => `<li><code>${escapeHtml(status)}</code> ${inlineHtml(response.description)}${contentHtml(response.content)}</li>`)
    .join('');
  return `<section class="op" id="${escapeHtml(operation.operationId)}">
<h3><span class="method ${operation.method.toLowerCase()}">${operation.method}</span> <code>${escapeHtml(apiPrefix + operation.path)}</code></h3>
<p>${inlineHtml(operation.summary)} <span class="meta">operationId <code>${escapeHtml(operation.operationId)}</code> · ${escapeHtml(access(operation))}</span></p>
${operation.description ? `<div class="desc">${markdownHtml(operation.description)}</div>` : ''}
${parameters ? `<table><thead><tr><th>Parameter</th><th>In</th><th>Schema</th><th>Description</th></tr></thead><tbody>${parameters}</tbody></table>` : ''}
${body}
<h4>Responses</h4>
<ul class="responses">${responses}</ul>
</section>`;
}

function renderSchemas(schemas: Record<string, JsonSchema>): string {
  return Object.entries(schemas)
    .map(([name, schema]) => `<section class="op schema" id="${escapeHtml(schemaAnchor(name))}"><h3><code>${escapeHtml(name)}</code></h3>${schemaDetail(asSchema(schema) ?? {})}</section>`)
    .join('\n');
}

/** The page; `version` is the portal's release (the server's package.json, as `/health` and the landing page say), not the contract file's own number. */
export function renderDocs(spec: OpenApiDocument, operations: OperationSpec[], version: string): string {
  const tags = [...new Set(operations.map((operation) => operation.tags[0] ?? 'other'))];
  const sections = tags
    .map((tag) => {
      const ops = operations.filter((operation) => (operation.tags[0] ?? 'other') === tag);
      return `<h2 id="tag-${escapeHtml(tag)}">${escapeHtml(tag)}</h2>${ops.map(renderOperation).join('\n')}`;
    })
    .join('\n');
  const toc = tags
    .map(
      (tag) =>
        `<li><a href="#tag-${escapeHtml(tag)}">${escapeHtml(tag)}</a><ul>${operations
          .filter((operation) => (operation.tags[0] ?? 'other') === tag)
          .map((operation) => `<li><a href="#${escapeHtml(operation.operationId)}">${escapeHtml(operation.operationId)}</a></li>`)
          .join('')}</ul></li>`,
    )
    .join('');
  const schemaToc = Object.keys(spec.components.schemas)
    .map((name) => `<li><a href="#${escapeHtml(schemaAnchor(name))}">${escapeHtml(name)}</a></li>`)
    .join('');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(spec.info.title)} — API reference</title>
<style>
body { font: 15px/1.5 system-ui, sans-serif; margin: 0; color: #1f2937; display: flex; }
nav { width: 260px; padding: 16px; border-inline-end: 1px solid #e5e7eb; height: 100vh; overflow: auto; position: sticky; top: 0; box-sizing: border-box; }
nav ul { list-style: none; padding-inline-start: 12px; margin: 4px 0; }
main { flex: 1; padding: 16px 32px; max-width: 1000px; }
a { color: #1d4ed8; text-decoration: none; }
code { font: 13px ui-monospace, monospace; background: #f3f4f6; padding: 1px 4px; border-radius: 4px; }
.op { border: 1px solid #e5e7eb; border-radius: 8px; padding: 8px 16px; margin: 12px 0; }
.method { font: bold 12px ui-monospace, monospace; padding: 2px 6px; border-radius: 4px; color: #fff; background: #6b7280; }
.get { background: #2563eb; } .post { background: #16a34a; } .put, .patch { background: #d97706; } .delete { background: #dc2626; }
.meta { color: #6b7280; font-size: 13px; }
.desc p { margin: 4px 0; }
.req { color: #b91c1c; font-size: 12px; }
.content { margin: 4px 0; }
h4 { margin: 8px 0 4px; font-size: 14px; }
table { border-collapse: collapse; margin: 8px 0; } td, th { border: 1px solid #e5e7eb; padding: 4px 8px; text-align: start; font-size: 14px; }
@media (max-width: 700px) { body { display: block; } nav { width: auto; height: auto; position: static; border: 0; } main { padding: 16px; } }
</style>
</head>
<body>
<nav><strong>${escapeHtml(spec.info.title)}</strong><p class="meta">version ${escapeHtml(version)} · <a href="${apiPrefix}/openapi.json">openapi.json</a></p><ul>${toc}<li><a href="#schemas">Schemas</a><ul>${schemaToc}</ul></li></ul></nav>
<main>
<h1>${escapeHtml(spec.info.title)}</h1>
<div class="desc">${markdownHtml(spec.info.description ?? '')}</div>
${sections}
<h2 id="schemas">Schemas</h2>
${renderSchemas(spec.components.schemas)}
</main>
</body>
</html>`;
}
