import { failOnConsoleError } from './fail-on-console.ts';

failOnConsoleError();
