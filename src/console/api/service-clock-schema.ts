import { z } from 'zod/mini';
import { isoUtcDateSchema } from '@/contract/dates';

/** D11 `GET /__sim/clock`: the simulator's test clock, an ISO 8601 UTC instant (D10). */
export const simulatorClockSchema = z.object({ now: isoUtcDateSchema });
