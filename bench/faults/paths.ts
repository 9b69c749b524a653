import { resolve } from 'node:path';
import { repoRoot, resultsDir as benchResults } from '../support/config.ts';

/** Scratch space of the fault benches (cluster, data dirs, tmpfs mounts); FAULTS_DIR overrides it. */
export const FAULTS_DIR = resolve(process.env.FAULTS_DIR ?? '/tmp/care-faults');
export { repoRoot };
export const resultsDir = resolve(benchResults, 'faults');
