// A readable API reference generated from the contract, as one self-contained HTML page: no
// scripts, no external assets, only an inline stylesheet, so it passes the strict CSP unchanged.
import type { OpenApiDocument, OperationSpec } from '../kernel/http/openapi.ts';
import { apiPrefix } from '../kernel/http/openapi.ts';

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

function schemaSummary(schema: Record<string, unknown>): string {
  if (typeof schema.$ref === 'string') return schema.$ref.split('/').at(-1) ?? '';
  const parts: string[] = [];
  if (schema.type) parts.push(Array.isArray(schema.type) ? schema.type.join(' | ') : String(schema.type));
  if (schema.format) parts.push(`(${String(schema.format)})`);
  if (Array.isArray(schema.enum)) parts.push(`one of ${schema.enum.join(', ')}`);
  if (typeof schema.maxLength === 'number') parts.push(`≤ ${schema.maxLength} chars`);
  if (typeof schema.minimum === 'number' || typeof schema.maximum === 'number') parts.push(`${String(schema.minimum ?? '')}…${String(schema.maximum ?? '')}`);
  if (schema.default !== undefined) parts.push(`default ${JSON.stringify(schema.default)}`);
  return parts.join(' ');
}

function access(operation: OperationSpec): string {
  const base = operation.permission === 'public' ? 'public' : operation.permission === 'authenticated' ? 'any signed-in caller' : `permission ${operation.permission}`;
  return operation.roleGroup ? `${base}, role group ${operation.roleGroup}` : base;
}

function renderOperation(operation: OperationSpec): string {
  const parameters = operation.parameters
    .map(
      (p) =>
        `<tr><td><code>${escapeHtml(p.name)}</code></td><td>${p.in}${p.required ? ', required' : ''}</td><td>${escapeHtml(schemaSummary(p.schema))}</td><td>${escapeHtml(p.description ?? '')}</td></tr>`,
    )
    .join('');
  const body = operation.requestBody
    ? `<p><strong>Body</strong> (${operation.requestBody.required ? 'required' : 'optional'}): ${Object.entries(operation.requestBody.content)
        .map(([mediaType, schema]) => `<code>${escapeHtml(mediaType)}</code> ${escapeHtml(schemaSummary(schema))}`)
        .join(', ')}</p>`
    : '';
  const responses = Object.entries(operation.responses)
    .map(([status, response]) => {
      const content = Object.entries(response.content)
        .map(([mediaType, schema]) => `<code>${escapeHtml(mediaType)}</code> ${escapeHtml(schemaSummary(schema))}`)
        .join(', ');
      return `<li><code>${status}</code> ${escapeHtml(response.description)}${content ? ` — ${content}` : ''}</li>`;
    })
    .join('');
  return `<section class="op" id="${escapeHtml(operation.operationId)}">
<h3><span class="method ${operation.method.toLowerCase()}">${operation.method}</span> <code>${escapeHtml(apiPrefix + operation.path)}</code></h3>
<p>${escapeHtml(operation.summary)} <span class="meta">operationId <code>${escapeHtml(operation.operationId)}</code> · ${escapeHtml(access(operation))}</span></p>
${operation.description ? `<p class="desc">${escapeHtml(operation.description)}</p>` : ''}
${parameters ? `<table><thead><tr><th>Parameter</th><th>In</th><th>Schema</th><th>Description</th></tr></thead><tbody>${parameters}</tbody></table>` : ''}
${body}
<ul class="responses">${responses}</ul>
</section>`;
}

export function renderDocs(spec: OpenApiDocument, operations: OperationSpec[]): string {
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
.desc { white-space: pre-line; }
table { border-collapse: collapse; margin: 8px 0; } td, th { border: 1px solid #e5e7eb; padding: 4px 8px; text-align: start; font-size: 14px; }
@media (max-width: 700px) { body { display: block; } nav { width: auto; height: auto; position: static; border: 0; } main { padding: 16px; } }
</style>
</head>
<body>
<nav><strong>${escapeHtml(spec.info.title)}</strong><p class="meta">version ${escapeHtml(spec.info.version)} · <a href="${apiPrefix}/openapi.json">openapi.json</a></p><ul>${toc}</ul></nav>
<main>
<h1>${escapeHtml(spec.info.title)}</h1>
<p class="desc">${escapeHtml(spec.info.description ?? '')}</p>
${sections}
</main>
</body>
</html>`;
}
