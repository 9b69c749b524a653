import { resolve } from 'node:path';
import { repoRoot, resultsDir as benchResults } from '../support/config.ts';

/** Scratch space of the fault benches (cluster, data dirs, tmpfs mounts); FAULTS_DIR overrides it. */
export const FAULTS_DIR = resolve(process.env.FAULTS_DIR ?? '/tmp/care-faults');
export { repoRoot };
export const resultsDir = resolve(benchResults, 'faults');

/**
 * A scenario's port: its usual one, or with FAULTS_PORT_BASE set, base + offset (servers on +0, +2, +4, +6, SMTP
 * sinks on +8 and +9), so that a run can keep to a range of its own beside other servers.
 */
export function faultPort(usual: number, offset: number): number {
  const base = process.env.FAULTS_PORT_BASE;
  return base ? Number(base) + offset : usual;
}
