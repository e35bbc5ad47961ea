type OpenApiDocument = { paths?: Record<string, object | undefined> };

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

/** A plain HTML index of the API from the OpenAPI document; no scripts, so it fits our CSP. */
export function renderApiDocs(doc: OpenApiDocument): string {
  const rows = Object.entries(doc.paths ?? {})
    .flatMap(([path, item]) =>
      METHODS.filter((m) => item && m in item).map((m) => {
        const op = (item as Record<string, { summary?: string; tags?: string[] }>)[m] ?? {};
        return `<tr><td><code>${m.toUpperCase()}</code></td><td><code>${escape(path)}</code></td><td>${escape(op.summary ?? '')}</td><td>${escape((op.tags ?? []).join(', '))}</td></tr>`;
      }),
    )
    .join('\n');
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Gona API</title>
<style>body{font-family:system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#1a2e1a}table{border-collapse:collapse;width:100%}td,th{text-align:left;padding:.4rem .6rem;border-bottom:1px solid #d4e4d4}a{color:#15803d}</style>
</head>
<body>
<h1>Gona API</h1>
<p>JSON under <code>/api</code>, snake_case, money in kobo, timestamps in UTC. Errors answer
<code>{ "error": { "code", "message", "fields"? } }</code>. Sign-in, sign-up and password reset live under
<code>/api/auth/*</code>. The full machine-readable description is <a href="/api/openapi.json">/api/openapi.json</a> (OpenAPI 3.1).</p>
<table><thead><tr><th>Method</th><th>Path</th><th>What it does</th><th>Area</th></tr></thead>
<tbody>
${rows}
</tbody></table>
</body>
</html>`;
}

function escape(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}
