// `npm start`: build the console when the build is missing or older than its sources, then run the
// token proxy, which serves it (decision 0005). `--port` and `--host` override PORT and HOST;
// `--demo-centres N --demo-doctors M` give the demo environment a generated world (demo-seed.ts).
import { parseArgs } from 'node:util';
import { main } from '../src/proxy/main.ts';
import { buildIfStale } from './build-if-stale.ts';
import { parseDemoSeed } from './demo-seed.ts';

const { values } = parseArgs({
  options: {
    port: { type: 'string' },
    host: { type: 'string' },
    'demo-centres': { type: 'string' },
    'demo-doctors': { type: 'string' },
  },
});
const demo = parseDemoSeed(values);
if (!demo.ok) {
  console.error(demo.message);
  process.exit(2);
}

buildIfStale();
await main(
  {
    ...process.env,
    ...(values.port === undefined ? {} : { PORT: values.port }),
    ...(values.host === undefined ? {} : { HOST: values.host }),
  },
  { demoSeed: demo.seed },
);
