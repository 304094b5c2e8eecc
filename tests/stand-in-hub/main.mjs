// `npm run dev:hub`: the stand-in identity hub on PORT (default 4000), for trying hub sign-in locally.
import { DEFAULT_HUB_USERS, startStandInHub } from './hub.mjs';

const port = Number(process.env.PORT ?? 4000);
const hub = await startStandInHub({ port, host: process.env.HOST ?? '127.0.0.1' });
console.log(`Stand-in hub listening on ${hub.url}`);
console.log('Start the api with:');
console.log(`  HUB_URL=${hub.url}`);
console.log('  HUB_SERVICE_ID=familyos');
console.log('Users to try:');
for (const u of DEFAULT_HUB_USERS) console.log(`  ${u.username} / ${u.password}  (${u.full_name}${u.hasPhoto ? ', has a photo' : ''})`);
const stop = () => hub.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
