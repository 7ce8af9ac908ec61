// Charts out of the page: an SVG drawn with presentation attributes saves as SVG or PNG.
import { element } from './dom.js';

/** Saves a Blob under a file name through a temporary link. */
export function download(blob, name) {
  const url = URL.createObjectURL(blob);
  const link = element('a', { attributes: { href: url, download: name } });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Serialises an SVG element drawn with presentation attributes (no page CSS needed). */
export function svgBlob(svg) {
  const copy = svg.cloneNode(true);
  copy.setAttribute('xmlns', 'http://www.w3.org/2000/svg');
  return new Blob([new XMLSerializer().serializeToString(copy)], { type: 'image/svg+xml' });
}

/** Renders an SVG element to a PNG Blob at twice its size. */
export async function pngBlob(svg) {
  const url = URL.createObjectURL(svgBlob(svg));
  try {
    const image = new Image();
    image.src = url;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = svg.width.baseVal.value * 2;
    canvas.height = svg.height.baseVal.value * 2;
    canvas.getContext('2d').drawImage(image, 0, 0, canvas.width, canvas.height);
    return await new Promise((resolve) => canvas.toBlob(resolve, 'image/png'));
  } finally {
    URL.revokeObjectURL(url);
  }
}

const offered = new WeakSet();

/**
 * Puts Download SVG and Download PNG buttons after a chart, once; the files are named for the
 * element and the chart (`ridgepoint-interconnect-tpot.svg`).
 */
export function offerChartExport(svg) {
  if (offered.has(svg)) return;
  offered.add(svg);
  let owner = svg.parentElement;
  while (owner && !owner.localName.startsWith('ridgepoint-')) owner = owner.parentElement;
  const name = ['ridgepoint', owner?.localName.slice('ridgepoint-'.length), svg.dataset.chart ?? 'chart']
    .filter(Boolean)
    .join('-');
  const asSvg = element('button', { text: 'Download SVG', attributes: { type: 'button', 'data-export': 'svg' } });
  asSvg.addEventListener('click', () => download(svgBlob(svg), `${name}.svg`));
  const asPng = element('button', { text: 'Download PNG', attributes: { type: 'button', 'data-export': 'png' } });
  asPng.addEventListener('click', async () => download(await pngBlob(svg), `${name}.png`));
  svg.after(element('div', { className: 'buttons chart-export' }, [asSvg, asPng]));
}
