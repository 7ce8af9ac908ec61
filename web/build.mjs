// Writes dist/: the JS API as one ES module (wasm inlined, for Node and bundlers), the page
// (index.html, app.js, style.css, and ridgepoint.wasm, which the page compiles while it streams
// in) and the offline bundle ridgepoint.html, in which every script, style and the wasm are inlined
// and a Content-Security-Policy allows nothing but them.
import { build, transform } from 'esbuild';
import { parseArgs } from 'node:util';
import { createHash } from 'node:crypto';
import { copyFile, mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

import { checkCalculatorAttributes } from '../scripts/attributes.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
// CMake passes the wasm module it built and the folder to write (default: build/wasm, dist/).
const { values: options } = parseArgs({
  options: { core: { type: 'string' }, out: { type: 'string' } },
});
const corePath = resolve(options.core ?? join(root, 'build', 'wasm', 'ridgepoint_core.mjs'));
const dist = resolve(options.out ?? join(root, 'dist'));
const web = join(root, 'web');
const apiEntry = join(web, 'api', 'ridgepoint.js');

const wasmPath = corePath.replace(/\.mjs$/, '.wasm');
const wasm = await readFile(wasmPath);

// `#core` in the API source is the Emscripten factory of this build, wrapped so that the wasm
// comes from where this bundle wants it: `inline` (base64 in the module: Node, the offline file)
// or `streamed` (ridgepoint.wasm beside the script, compiled as it downloads). Either way the
// glue gets a ready instance through its instantiateWasm hook and loads nothing itself.
const wasmPlaceholder = '__RIDGEPOINT_WASM_BYTES__';
const coreLoaders = {
  inline: `
    const wasmText = "${wasmPlaceholder}";
    function compileCore() {
      const bytes = new Uint8Array(wasmText.length);
      for (let i = 0; i < wasmText.length; i++) bytes[i] = wasmText.charCodeAt(i);
      return WebAssembly.compile(bytes);
    }`,
  streamed: `
    const wasmUrl = new URL('ridgepoint.wasm', import.meta.url);
    const compileCore = () => WebAssembly.compileStreaming(fetch(wasmUrl));`,
};

function coreModule(loader) {
  return {
    name: 'core-module',
    setup(context) {
      context.onResolve({ filter: /^#core$/ }, () => ({ path: 'core', namespace: 'core' }));
      context.onLoad({ filter: /.*/, namespace: 'core' }, () => ({
        resolveDir: dirname(corePath),
        contents: `
          import createGlue from ${JSON.stringify(corePath)};
          ${coreLoaders[loader]}
          export default async function createRidgepointCore() {
            const module = await compileCore();
            return createGlue({
              instantiateWasm(imports, receive) {
                const instance = new WebAssembly.Instance(module, imports);
                receive(instance, module);
                return instance.exports;
              },
            });
          }`,
      }));
    },
  };
}

// The wasm as the body of a JS string literal, one character per byte (U+0000–U+00FF): it
// gzips to 88 kB where base64 gzips to 102 kB. Escaped: control characters (NUL and CR would be
// rewritten by the HTML parser), the quote, the backslash, DEL and `<` (so the offline file's
// inline script holds no `<!--`, `<script` or `</script`).
function wasmLiteralBody(bytes) {
  let text = '';
  for (let i = 0; i < bytes.length; i++) {
    const byte = bytes[i];
    const nextIsDigit = bytes[i + 1] >= 0x30 && bytes[i + 1] <= 0x39;
    if (byte === 0 && !nextIsDigit) text += '\\0';
    else if (byte < 0x20 || byte === 0x22 || byte === 0x5c || byte === 0x3c || byte === 0x7f)
      text += `\\x${byte.toString(16).padStart(2, '0')}`;
    else text += String.fromCharCode(byte);
  }
  return text;
}

async function bundle(entry, loader) {
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    format: 'esm',
    minify: true,
    target: 'es2022',
    write: false,
    plugins: [coreModule(loader)],
    legalComments: 'none',
  });
  const code = result.outputFiles[0].text;
  if (loader !== 'inline') return code;
  const [before, after, ...more] = code.split(wasmPlaceholder);
  if (after === undefined || more.length || !before.endsWith('"') || !after.startsWith('"')) {
    throw new Error('the bundle should hold the wasm placeholder once, in double quotes');
  }
  return before + wasmLiteralBody(wasm) + after;
}

const sha256 = (text) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

// Policies: no eval (wasm compile only), no other origin. The served page fetches its own
// ridgepoint.wasm (connect-src 'self'); the offline file compiles the inlined wasm and connects
// to nothing. blob: images are the PNG export.
function policy({ script, style, connect }) {
  return [
    "default-src 'none'",
    `script-src ${script} 'wasm-unsafe-eval'`,
    `style-src ${style}`,
    ...(connect ? [`connect-src ${connect}`] : []),
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
const style = (
  await transform(await readFile(join(web, 'style.css'), 'utf8'), { loader: 'css', minify: true, target: 'chrome110' })
).code;
const api = await bundle(apiEntry, 'inline');
const app = await bundle(join(web, 'app.js'), 'streamed');
const standalone = await bundle(join(web, 'app.js'), 'inline');
if (/<\/script/i.test(standalone)) throw new Error('the inlined script contains </script');

await writeFile(join(dist, 'ridgepoint.mjs'), api);
// Every <ridgepoint-calculator>'s calculator, fields, outputs, defaults and labels must be
// declared in the core just built.
const { default: createRidgepoint } = await import(pathToFileURL(join(dist, 'ridgepoint.mjs')).href);
await checkCalculatorAttributes(web, await createRidgepoint());
// Type declarations: ridgepoint.d.mts (the .mjs's own) and the per-domain files it imports.
for (const name of (await readdir(join(web, 'api'))).filter(
  (file) => file.endsWith('.d.ts') || file.endsWith('.d.mts'),
)) {
  await copyFile(join(web, 'api', name), join(dist, name));
}
await writeFile(join(dist, 'app.js'), app);
await writeFile(join(dist, 'ridgepoint.wasm'), wasm);
await writeFile(join(dist, 'style.css'), style);
await writeFile(
  join(dist, 'index.html'),
  fill(template, {
    '<!--csp-->': `<meta http-equiv="Content-Security-Policy" content="${policy({ script: "'self'", style: "'self'", connect: "'self'" })}">`,
    '<!--style-->': '<link rel="stylesheet" href="style.css">',
    // The preload starts the wasm download beside app.js instead of after it; app.js's fetch
    // (same URL, same CORS mode) takes it over.
    '<!--script-->':
      '<link rel="preload" href="ridgepoint.wasm" as="fetch" type="application/wasm" crossorigin><script type="module" src="app.js"></script>',
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
