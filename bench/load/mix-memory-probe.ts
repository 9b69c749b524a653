/**
 * Preloaded into a server started by the mix (`node --import`, bench/support/portal.ts `memoryProbe`): answers
 * the message 'memory' on the IPC channel with process.memoryUsage(), so that the bench reads the V8 heap of
 * each instance from outside. Adds one message listener; the server does not know it is there.
 */
if (process.send) {
  process.on('message', (message) => {
    if (message === 'memory') process.send?.({ memory: process.memoryUsage() });
  });
  // The channel must not keep a server alive that is shutting down.
  process.channel?.unref();
}
