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
import { gzipSync } from 'node:zlib';

import { checkCalculatorAttributes } from '../scripts/attributes.mjs';
import { WasmCursor, wasmSections } from '../scripts/wasm-binary.mjs';
import { deploymentValues, firstDeployments } from './lib/deployment-values.js';
import { namesById } from './lib/format.js';
import { headlineHtml, headlineParts } from './lib/planner-headline.js';

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
const wasm = withOneDataSegment(await readFile(wasmPath));

// The wasm with its data as one segment. wasm-opt splits the data at every run of zeros, which
// saves raw bytes but leaves 2,400 segments whose headers gzip badly: one segment, the gaps
// written as the zeros memory already holds, is 20 kB more raw and 7.5 kB less gzip. The same
// bytes land at the same addresses. Only what Emscripten writes is accepted (active segments of
// memory 0 at constant addresses, no data-count section); anything else stops the build.
function withOneDataSegment(bytes) {
  const unsigned = (value) => {
    const out = [];
    do {
      out.push((value & 0x7f) | (value >= 0x80 ? 0x80 : 0));
      value = Math.floor(value / 0x80);
    } while (value);
    return out;
  };
  const sections = [bytes.subarray(0, 8)];
  for (const { id, start, contents, end } of wasmSections(bytes)) {
    if (id === 12) throw new Error('the wasm has a data-count section');
    if (id !== 11) {
      sections.push(bytes.subarray(start, end));
      continue;
    }
    const cursor = new WasmCursor(bytes, contents);
    const segments = [];
    for (let count = cursor.unsigned(); count > 0; count--) {
      const header = [cursor.unsigned(), cursor.byte()];
      const address = cursor.unsigned();
      header.push(cursor.byte());
      // Flags 0 (active, memory 0), i32.const, an address below 2^31 (one signed LEB), end.
      if (header[0] !== 0 || header[1] !== 0x41 || header[2] !== 0x0b || address >= 2 ** 31) {
        throw new Error('the wasm has a data segment other than an active one at a constant address');
      }
      const size = cursor.unsigned();
      segments.push({ address, data: bytes.subarray(cursor.at, cursor.at + size) });
      cursor.at += size;
    }
    if (cursor.at !== end) throw new Error('the wasm data section does not end where its size says');
    const first = Math.min(...segments.map((segment) => segment.address));
    const last = Math.max(...segments.map((segment) => segment.address + segment.data.length));
    const data = new Uint8Array(last - first);
    for (const segment of segments) data.set(segment.data, segment.address - first);
    // The address as a signed LEB: a positive value needs a clear sign bit in its last byte.
    const address = unsigned(first);
    if (address.at(-1) & 0x40) address.splice(address.length - 1, 1, address.at(-1) | 0x80, 0);
    const body = [...unsigned(1), 0, 0x41, ...address, 0x0b, ...unsigned(data.length)];
    sections.push(Uint8Array.from([11, ...unsigned(body.length + data.length), ...body]), data);
  }
  return Buffer.concat(sections);
}

// The wasm as text for the bundles that inline it: gzip (level 9), then base64, which needs no
// escape in a string literal and holds no `<` in a data block. For this module's 602 kB that is
// 247 kB of text gzipping to 186 kB, where one character per byte (the alphabet used before)
// took 646 kB of UTF-8 gzipping to 193 kB: the offline file's parser reads 400 kB less before its
// first paint. DecompressionStream unpacks it natively, in browsers and in Node.
const wasmText = gzipSync(wasm, { level: 9 }).toString('base64');

// `#core` in the API source is the Emscripten factory of this build, wrapped so that the wasm
// comes from where this bundle wants it: `inline` (a string in the module: Node, bundlers),
// `page` (the text of a data block in the page: the offline file) or `streamed` (ridgepoint.wasm
// beside the script, compiled as it downloads). Either way the glue gets a ready instance through
// its instantiateWasm hook and loads nothing itself.
const wasmPlaceholder = '__RIDGEPOINT_WASM_BYTES__';
const wasmElementId = 'ridgepoint-wasm';
// The decoding waits for a task of its own: the module's evaluation, which starts it, is a long
// enough task already. Uint8Array.fromBase64 (Chromium 140, Firefox 133, Safari 18.2) decodes
// natively; the loop, for Node 20 and older browsers, ran 10-15 ms in the offline page. The gzip
// goes straight into the DecompressionStream: through a Blob's stream it took 35-50 ms, not 12-30.
const decodeCore = (textExpression) => `
    function base64Bytes(text) {
      if (Uint8Array.fromBase64) return Uint8Array.fromBase64(text);
      const packed = atob(text);
      const bytes = new Uint8Array(packed.length);
      for (let i = 0; i < packed.length; i++) bytes[i] = packed.charCodeAt(i);
      return bytes;
    }
    async function compileCore() {
      await new Promise((resolve) => setTimeout(resolve));
      const inflate = new DecompressionStream('gzip');
      const writer = inflate.writable.getWriter();
      const [wasm] = await Promise.all([
        new Response(inflate.readable).arrayBuffer(),
        writer.write(base64Bytes(${textExpression})),
        writer.close(),
      ]);
      return WebAssembly.compile(wasm);
    }`;
const coreLoaders = {
  inline: decodeCore(`"${wasmPlaceholder}"`),
  // The offline file: the text is a data block of the page (<script type="application/octet-stream">,
  // never run), so V8 compiles only the code, not a 247,000-character string literal with it.
  page: decodeCore(`document.getElementById(${JSON.stringify(wasmElementId)}).text`),
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
    metafile: true,
  });
  // d3 from its per-file sources (package.json pins the releases that ship them, and their
  // dependencies' through overrides), so esbuild leaves out every file the charts do not import.
  // The 2026 patch releases ship each package as one file, whose top-level calls (d3-shape's
  // curve factories, d3-color's prototypes) keep all of it: app.js was 24 kB (5.6 kB gzip) larger.
  const oneFileBuilds = Object.keys(result.metafile.inputs).filter((input) =>
    /node_modules\/d3-[^/]+\/dist\//.test(input),
  );
  if (oneFileBuilds.length) throw new Error(`d3 bundled from one-file builds: ${oneFileBuilds.join(', ')}`);
  const code = result.outputFiles[0].text;
  if (loader !== 'inline') return code;
  const [before, after, ...more] = code.split(wasmPlaceholder);
  if (after === undefined || more.length || !before.endsWith('"') || !after.startsWith('"')) {
    throw new Error(`the bundle should hold ${wasmPlaceholder} once, in double quotes`);
  }
  return before + wasmText + after;
}

// The planner's headline for the plan the page opens on, computed by the core just built with the
// inputs the panels will load: it is in the HTML, so a result paints in the first frame, and the
// panels' own results (the same figures) replace it without a change.
function plannerHeadline(rp) {
  const published = rp.deployments();
  const models = rp.models();
  const machineNames = namesById(rp.machines());
  const texts = {};
  for (const [group, id] of Object.entries(firstDeployments)) {
    const deployment = published.find((row) => row.id === id);
    const input = deploymentValues(rp, deployment, models);
    Object.assign(texts, headlineParts(group, { input, result: rp[deployment.calculator](input) }, machineNames));
  }
  return headlineHtml(texts);
}

// Runs before the first paint: a link that holds a plan of its own (planner state in the hash)
// hides the headline's figures for the default plan until the panels have computed the linked one.
const linkedScript =
  "if(/(?:^#|&)planner(?:Training|Serving)?\\.[A-Za-z]/.test(location.hash))document.documentElement.setAttribute('data-planner-linked','')";

// The page's code starts once the HTML (with the headline) has been painted: compiling app.js and
// the wasm meanwhile took CPU the first frame needed. Served, app.js and the wasm are fetched then
// (first paint 25–50 ms earlier in interleaved A/Bs on a 2-core machine; the first computed result
// no later); the wasm preload starts its download beside app.js, whose fetch (same URL, same CORS
// mode) takes it over. Offline, the module's text waits in a data block and runs then, as an
// inline script its hash allows (with the wasm packed smaller, first result on screen 336 -> 296
// ms, median of 20 interleaved cold loads). A hidden page paints no frame, so it starts at once.
// It waits for the frame after the first: a task after the first frame's rAF ran while that
// frame was still being rasterised and shown, and delayed it (first result on screen 240 -> 216
// ms offline, 212 -> 192 ms served, medians of 12-16 interleaved cold loads each; the first
// computed result within noise).
const afterFirstPaint = (start) => `{
  const load = () => {${start}
  };
  if (document.visibilityState === 'hidden') load();
  else requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(load)));
}`;
const appElementId = 'ridgepoint-app';
const servedLoader = afterFirstPaint(`
    const wasm = Object.assign(document.createElement('link'), {
      rel: 'preload', href: 'ridgepoint.wasm', as: 'fetch', type: 'application/wasm', crossOrigin: '',
    });
    const app = Object.assign(document.createElement('script'), { type: 'module', src: 'app.js' });
    document.head.append(wasm, app);`);
const offlineLoader = afterFirstPaint(`
    const text = document.getElementById(${JSON.stringify(appElementId)}).text;
    document.head.append(Object.assign(document.createElement('script'), { type: 'module', text }));`);

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

// A page's non-ASCII characters as character references. One such character anywhere makes the
// browser hold the whole document, the offline file's 500 kB with it, as 16-bit text: that file
// painted its first result 20-28 ms later, and computed it 17-28 ms later (interleaved A/Bs of
// 16 and 20 cold loads). Inside a script or a style a reference would not be read, so what is
// inlined there must be ASCII already (esbuild escapes its output's strings).
const nonAscii = /[\u0080-\u{10ffff}]/u;
function asciiPage(page) {
  for (const [element] of page.matchAll(/<(script|style)\b[^>]*>.*?<\/\1>/gs)) {
    if (nonAscii.test(element)) throw new Error(`an inlined script or style is not ASCII: ${element.slice(0, 80)}`);
  }
  return page.replace(new RegExp(nonAscii.source, 'gu'), (character) => `&#x${character.codePointAt(0).toString(16)};`);
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
const standalone = await bundle(join(web, 'app.js'), 'page');
if (/<\/script/i.test(standalone)) throw new Error('the inlined script contains </script');
// A script with one non-ASCII character is held as 16-bit text too. The bundles no page inlines
// are checked here; asciiPage (below) checks what the pages inline, the offline bundle with it.
for (const [name, code] of Object.entries({ api, app })) {
  if (nonAscii.test(code)) throw new Error(`the ${name} bundle is not ASCII`);
}

await writeFile(join(dist, 'ridgepoint.mjs'), api);
// Every <ridgepoint-calculator>'s calculator, fields, outputs, defaults and labels must be
// declared in the core just built.
const { default: createRidgepoint } = await import(pathToFileURL(join(dist, 'ridgepoint.mjs')).href);
const rp = await createRidgepoint();
await checkCalculatorAttributes(web, rp);
const headline = plannerHeadline(rp);
// Type declarations: ridgepoint.d.mts (the .mjs's own) and the per-domain files it imports.
for (const name of (await readdir(join(web, 'api'))).filter(
  (file) => file.endsWith('.d.ts') || file.endsWith('.d.mts'),
)) {
  await copyFile(join(web, 'api', name), join(dist, name));
}
await writeFile(join(dist, 'app.js'), app);
await writeFile(join(dist, 'ridgepoint.wasm'), wasm);
await writeFile(join(dist, 'style.css'), style);
// The two pages: the template filled, each with its own policy and loader, then written in ASCII.
// Both inline the style (on the served page too, so the first paint waits for no second request:
// first contentful paint 20-36 ms earlier, medians of 21 and 11 interleaved cold loads; style.css
// stays for embedders).
const writePage = (name, { csp, script }) =>
  writeFile(
    join(dist, name),
    asciiPage(
      fill(template, {
        '<!--csp-->': `<meta http-equiv="Content-Security-Policy" content="${csp}">`,
        '<!--linked-->': `<script>${linkedScript}</script>`,
        '<!--planner-headline-->': headline,
        '<!--style-->': `<style>${style}</style>`,
        '<!--script-->': script,
      }),
    ),
  );
await writePage('index.html', {
  csp: policy({
    script: `'self' ${sha256(linkedScript)} ${sha256(servedLoader)}`,
    style: sha256(style),
    connect: "'self'",
  }),
  script: `<script>${servedLoader}</script>`,
});
await writePage('ridgepoint.html', {
  csp: policy({
    script: `${sha256(standalone)} ${sha256(linkedScript)} ${sha256(offlineLoader)}`,
    style: sha256(style),
  }),
  script:
    `<script>${offlineLoader}</script>` +
    `<script type="text/plain" id="${appElementId}">${standalone}</script>` +
    `<script type="application/octet-stream" id="${wasmElementId}">${wasmText}</script>`,
});
console.log(`ridgepoint: wrote ${dist}`);
