import { setTimeout as sleep } from 'node:timers/promises';
import type { Scenario } from './scenarios.ts';

export interface Sample {
  latencies: number[];
  failures: number;
  seconds: number;
}

/**
 * 50 people using the portal: each user asks, reads the answer, waits a random think time (exponential,
 * mean `thinkMs`) and asks again, starting at a random moment. Unlike a connection that fires the next
 * request the instant the last one returns, this is how the target "p99 under 50 ms at 50 concurrent users"
 * reads for people; autocannon's saturation run beside it gives the capacity.
 */
export async function paced(
  baseUrl: string,
  scenario: Scenario,
  cookies: Map<string, string>,
  seconds: number,
  thinkMs: number,
): Promise<Sample> {
  const latencies: number[] = [];
  let failures = 0;
  const started = performance.now();
  const end = started + seconds * 1000;
  const think = () => sleep(-Math.log(1 - Math.random()) * thinkMs);
  await Promise.all(
    scenario.paths.map(async ({ email, path: first, more = [] }) => {
      const cookie = cookies.get(email);
      const headers: Record<string, string> = cookie ? { cookie } : {};
      const cycle = [first, ...more];
      let turn = Math.floor(Math.random() * cycle.length);
      await sleep(Math.random() * thinkMs);
      while (performance.now() < end) {
        const path = cycle[turn++ % cycle.length]!;
        const sent = performance.now();
        try {
          const response = await fetch(`${baseUrl}${path}`, { headers });
          await response.arrayBuffer();
          if (response.ok) latencies.push(performance.now() - sent);
          else failures++;
        } catch {
          failures++;
        }
        await think();
      }
    }),
  );
  return { latencies, failures, seconds: (performance.now() - started) / 1000 };
}
