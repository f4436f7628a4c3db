/**
 * A still SVG as a PNG, for papers and slides that take no SVG: drawn by resvg (a well-kept SVG
 * renderer, shipped for each platform as an npm package) with DejaVu Sans Mono from the npm
 * package `dejavu-fonts-ttf`, so the picture is the same on every machine, whatever fonts it has.
 */
import { createRequire } from 'node:module';
import { UserError } from '../contracts/diagnostics.ts';
import { errorMessage } from '../contracts/errors.ts';
import type { Resvg as ResvgClass } from '@resvg/resvg-js';

const FONTS = [
  'DejaVuSansMono.ttf',
  'DejaVuSansMono-Bold.ttf',
  'DejaVuSansMono-Oblique.ttf',
  'DejaVuSansMono-BoldOblique.ttf',
];

/** The PNG of `svg` at `scale` times its size (2 by default: sharp on paper and on high-density screens). */
export async function svgToPng(svg: string, scale = 2): Promise<Buffer> {
  const require = createRequire(import.meta.url);
  let Resvg: typeof ResvgClass;
  try {
    ({ Resvg } = await import('@resvg/resvg-js'));
  } catch (err) {
    throw new UserError(
      `--format png needs the package @resvg/resvg-js for this platform (${errorMessage(err)}); --format svg works without it`,
    );
  }
  const fontFiles = FONTS.map((f) => require.resolve(`dejavu-fonts-ttf/ttf/${f}`));
  const resvg = new Resvg(svg, {
    fitTo: { mode: 'zoom', value: scale },
    font: {
      fontFiles,
      loadSystemFonts: false,
      defaultFontFamily: 'DejaVu Sans Mono',
      monospaceFamily: 'DejaVu Sans Mono',
    },
  });
  return Buffer.from(resvg.render().asPng());
}
