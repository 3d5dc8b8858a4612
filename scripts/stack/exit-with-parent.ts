// Preloaded into every child the stack spawns (node --import). The children run in their own process
// group so that a terminal's Ctrl-C reaches only the launcher, which then stops them in order; the price
// is that they would outlive a launcher killed with SIGKILL. The IPC channel closes when the launcher
// dies for any reason, so we turn that into the SIGTERM the child already handles gracefully.
if (process.channel) {
  process.channel.unref();
  process.once('disconnect', () => {
    process.kill(process.pid, 'SIGTERM');
  });
}
