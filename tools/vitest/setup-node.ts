import { failOnConsoleError } from './fail-on-console-error.ts';

failOnConsoleError();
