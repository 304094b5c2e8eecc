// The sign-in page's JavaScript, gzipped: what a browser must fetch to show /login, from the built web app.
import { join } from 'node:path';
import { judge } from '../budgets.mjs';
import { packagesIn, routeScripts } from '../lib/bundle-size.mjs';

export const title = 'Web: sign-in page JavaScript';

export async function run(ctx) {
  const webDist = join(ctx.root, 'apps', 'web', 'dist');
  const files = routeScripts(webDist, [], { screen: 'login' });
  const kb = (bytes) => bytes / 1024;
  const total = kb(files.reduce((sum, f) => sum + f.gzip, 0));
  const upFront = files.filter((f) => f.upFront);
  const upFrontKb = kb(upFront.reduce((sum, f) => sum + f.gzip, 0));
  const top = packagesIn(webDist, upFront.map((f) => f.file))
    .slice(0, 6)
    .map(([pkg]) => pkg)
    .join(', ');
  for (const f of files) ctx.log(`  ${f.upFront ? 'up front' : 'login   '} ${f.file.padEnd(44)} ${kb(f.gzip).toFixed(1).padStart(6)} KB gz`);
  return [
    judge(
      'web:sign-in-js',
      Math.round(total * 10) / 10,
      `${files.length} scripts of apps/web/dist, each gzip -9: ${upFrontKb.toFixed(0)} KB up front (entry + modulepreloads: ${top}, …), ${(total - upFrontKb).toFixed(0)} KB for the lazy login route; luxon, the date pickers and the signed-in shell load only after sign-in`,
    ),
  ];
}
