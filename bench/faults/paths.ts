import { resolve } from 'node:path';

/** Scratch space of the fault benches (cluster, data dirs, tmpfs mounts); FAULTS_DIR overrides it. */
export const FAULTS_DIR = resolve(process.env.FAULTS_DIR ?? '/tmp/care-faults');
export const repoRoot = resolve(import.meta.dirname, '../..');
export const resultsDir = resolve(repoRoot, 'bench/results/faults');
