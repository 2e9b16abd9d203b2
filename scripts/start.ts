// `npm start`: build the console when the build is missing or older than its sources, then run the
// token proxy, which serves it (decision 0005). `--port` and `--host` override PORT and HOST.
import { parseArgs } from 'node:util';
import { main } from '../src/proxy/main.ts';
import { buildIfStale } from './build-if-stale.ts';

const { values } = parseArgs({
  options: { port: { type: 'string' }, host: { type: 'string' } },
});

buildIfStale();
await main({
  ...process.env,
  ...(values.port === undefined ? {} : { PORT: values.port }),
  ...(values.host === undefined ? {} : { HOST: values.host }),
});
