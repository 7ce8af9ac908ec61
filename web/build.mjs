// Writes dist/: the JS API as one ES module (wasm inlined), the page (index.html, app.js,
// style.css) and the offline bundle ridgepoint.html, in which every script and style is inlined
// and a Content-Security-Policy allows nothing but them.
import { build } from 'esbuild';
import { parseArgs } from 'node:util';
import { createHash } from 'node:crypto';
import { copyFile, mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
// CMake passes the wasm module it built and the folder to write (default: build/wasm, dist/).
const { values: options } = parseArgs({
  options: { core: { type: 'string' }, out: { type: 'string' } },
});
const corePath = resolve(options.core ?? join(root, 'build', 'wasm', 'ridgepoint_core.mjs'));
const dist = resolve(options.out ?? join(root, 'dist'));
const web = join(root, 'web');
const apiEntry = join(web, 'api', 'ridgepoint.js');

// The page imports the API by its source path; in dist/ it is the sibling ridgepoint.mjs.
const apiAsSibling = {
  name: 'api-as-sibling',
  setup(context) {
    context.onResolve({ filter: /api\/ridgepoint\.js$/ }, () => ({ path: './ridgepoint.mjs', external: true }));
  },
};

// `#core` in the API source is the Emscripten module of this build.
const coreModule = {
  name: 'core-module',
  setup(context) {
    context.onResolve({ filter: /^#core$/ }, () => ({ path: corePath }));
  },
};

async function bundle(entry, { plugins = [] } = {}) {
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    format: 'esm',
    minify: true,
    target: 'es2022',
    write: false,
    plugins: [...plugins, coreModule],
    legalComments: 'none',
  });
  return result.outputFiles[0].text;
}

const sha256 = (text) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

// Policies: no eval (wasm compile only), no connection at all, no other origin. The wasm is
// compiled synchronously from its inlined base64, so the loader fetches nothing; blob: images
// are the PNG export.
function policy({ script, style }) {
  return [
    "default-src 'none'",
    `script-src ${script} 'wasm-unsafe-eval'`,
    `style-src ${style}`,
    'img-src data: blob:',
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');
}

function fill(template, replacements) {
  let page = template;
  for (const [marker, text] of Object.entries(replacements)) {
    if (!page.includes(marker)) throw new Error(`index.html lacks ${marker}`);
    page = page.replace(marker, () => text);
  }
  return page;
}

await mkdir(dist, { recursive: true });
const template = await readFile(join(web, 'index.html'), 'utf8');
const style = await readFile(join(web, 'style.css'), 'utf8');
const api = await bundle(apiEntry);
const app = await bundle(join(web, 'app.js'), { plugins: [apiAsSibling] });
const standalone = await bundle(join(web, 'app.js'));
if (/<\/script/i.test(standalone)) throw new Error('the inlined script contains </script');

await writeFile(join(dist, 'ridgepoint.mjs'), api);
// Type declarations: ridgepoint.d.mts (the .mjs's own) and the per-domain files it imports.
for (const name of (await readdir(join(web, 'api'))).filter((file) => file.endsWith('.d.ts') || file.endsWith('.d.mts'))) {
  await copyFile(join(web, 'api', name), join(dist, name));
}
await writeFile(join(dist, 'app.js'), app);
await writeFile(join(dist, 'style.css'), style);
await writeFile(
  join(dist, 'index.html'),
  fill(template, {
    '<!--csp-->': `<meta http-equiv="Content-Security-Policy" content="${policy({ script: "'self'", style: "'self'" })}">`,
    '<!--style-->': '<link rel="stylesheet" href="style.css">',
    // Preloading the API lets it download beside app.js instead of after it.
    '<!--script-->': '<link rel="modulepreload" href="ridgepoint.mjs"><script type="module" src="app.js"></script>',
  }),
);
await writeFile(
  join(dist, 'ridgepoint.html'),
  fill(template, {
    '<!--csp-->': `<meta http-equiv="Content-Security-Policy" content="${policy({ script: sha256(standalone), style: sha256(style) })}">`,
    '<!--style-->': `<style>${style}</style>`,
    '<!--script-->': `<script type="module">${standalone}</script>`,
  }),
);
console.log(`ridgepoint: wrote ${dist}`);
