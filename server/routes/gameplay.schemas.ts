// The payloads of spending a reward (Peak, Mine, How Many).
import { z } from '@hono/zod-openapi';
import { object } from '../validation.ts';
import { checkedByCore } from './shared.schemas.ts';
import { MineReceiptDto } from './fairness.schemas.ts';

/** POST /api/gameplay/use-peak and use-mine (the number is checked by the core, with the spec's messages) */
export const RewardNumberRequest = object({ number: checkedByCore<number>('integer') }).openapi('RewardNumberRequest');
export type RewardNumberRequest = z.output<typeof RewardNumberRequest>;
/** POST /api/gameplay/use-peak { number } */
export const UsePeakResponse = z.object({ message: z.string(), numberChosen: z.boolean() }).openapi('UsePeakResponse');
export type UsePeakResponse = z.output<typeof UsePeakResponse>;
/** POST /api/gameplay/use-mine { number } */
export const UseMineResponse = z.object({ message: z.string(), receipt: MineReceiptDto }).openapi('UseMineResponse');
export type UseMineResponse = z.output<typeof UseMineResponse>;
/** POST /api/gameplay/use-how-many (no body) */
export const UseHowManyResponse = z
  .object({ message: z.string(), totalNumbers: z.number().int(), uniqueNumbers: z.number().int() })
  .openapi('UseHowManyResponse');
export type UseHowManyResponse = z.output<typeof UseHowManyResponse>;
