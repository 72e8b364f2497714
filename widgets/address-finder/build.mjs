// Builds the published package into dist/: an ES module, the script-tag
// bundle (global UKPD.AddressFinder) and the stylesheet. The API server
// builds the same two bundles from src/ with esbuild's Go API at the same
// version (widgets/build.go: keep the options below and there in step).
import { build } from 'esbuild';
import { copyFileSync, mkdirSync } from 'node:fs';

const common = {
  entryPoints: ['src/index.js'],
  bundle: true,
  minify: true,
  target: ['es2020'],
  loader: { '.css': 'text' },
  legalComments: 'none',
  logLevel: 'info',
};
mkdirSync('dist', { recursive: true });
await build({ ...common, format: 'esm', outfile: 'dist/address-finder.mjs' });
await build({ ...common, format: 'iife', globalName: 'UKPD.AddressFinder', outfile: 'dist/address-finder.js' });
copyFileSync('src/address-finder.css', 'dist/address-finder.css');
